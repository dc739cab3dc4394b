// Encoding to a download: small texts are encoded at once; large texts and files are streamed
// through LegacyEncoderStream, so the encoded bytes are produced (and collected into a Blob by the
// browser) piece by piece, never as one array on the page.

export const STREAM_FROM = 256 * 1024; // code units
const PIECE = 64 * 1024;

/** `text` as a stream of 64 Ki code unit pieces (a surrogate pair may be split between two). */
export function textPieces(text) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= text.length) return controller.close();
      controller.enqueue(text.slice(at, at + PIECE));
      at += PIECE;
    },
  });
}

/**
 * Encodes a stream of strings through LegacyEncoderStream into a Blob.
 * @returns {Promise<{ blob: Blob, chunks: number }>} rejects with the stream's error (fatal mode)
 */
export async function encodeStream(lib, strings, label, fatal) {
  let chunks = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      chunks++;
      controller.enqueue(chunk);
    },
  });
  // Response.blob() reports a failed stream as a bare "Failed to fetch": the pipe keeps the reason.
  const piping = strings.pipeThrough(new lib.LegacyEncoderStream(label, { fatal })).pipeTo(counter.writable);
  const [blob, piped] = await Promise.allSettled([new Response(counter.readable).blob(), piping]);
  if (piped.status === 'rejected') throw piped.reason;
  if (blob.status === 'rejected') throw blob.reason;
  return { blob: blob.value, chunks };
}

/** Saves `blob` as `name` through a download link. */
export function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
