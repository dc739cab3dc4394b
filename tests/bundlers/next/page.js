// A server component (rendered at build time in a static export, per request on a server) with a
// client component inside.
import { mainText } from '../check.js';
import { Client } from './client.js';

export default function Page() {
  return (
    <main>
      <p id="server">{mainText()}</p>
      <Client />
    </main>
  );
}
