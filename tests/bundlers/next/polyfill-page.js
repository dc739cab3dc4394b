// `encoding-wasm/polyfill` in a server component and in a client component.
import 'encoding-wasm/polyfill';
import { polyfillText } from '../../check.js';
import { PolyfillClient } from './client.js';

export default function Page() {
  return (
    <main>
      <p id="server">{polyfillText()}</p>
      <PolyfillClient />
    </main>
  );
}
