// A one-line progress bar on a terminal: redrawn at most every 100 ms, erased at the end.

const REDRAW_MS = 100;
const MIB = 1024 * 1024;

const mib = (n) => `${(n / MIB).toFixed(1)} MiB`;

export class ProgressBar {
  #out;
  #total;
  #done = 0;
  #drawn = 0;
  #started = Date.now();

  /** `total` is the input's size in bytes, or null when unknown (a pipe). */
  constructor(out, total) {
    this.#out = out;
    this.#total = total;
  }

  /** `done` bytes of the input have been read. */
  update(done) {
    this.#done = done;
    const now = Date.now();
    if (now - this.#drawn >= REDRAW_MS) {
      this.#drawn = now;
      this.#draw(now);
    }
  }

  #draw(now) {
    const seconds = Math.max((now - this.#started) / 1000, 0.001);
    const rate = `${mib(this.#done / seconds)}/s`;
    if (this.#total === null) {
      this.#out.write(`\r${mib(this.#done)} ${rate}\x1b[K`);
      return;
    }
    const fraction = Math.min(this.#done / Math.max(this.#total, 1), 1);
    const width = Math.max(10, Math.min(40, (this.#out.columns ?? 80) - 40));
    const filled = Math.round(fraction * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    const percent = `${Math.floor(fraction * 100)}`.padStart(3);
    this.#out.write(`\r[${bar}] ${percent} % ${mib(this.#done)} of ${mib(this.#total)} ${rate}\x1b[K`);
  }

  /** Erases the bar, leaving the line for whatever is written next. */
  end() {
    if (this.#drawn !== 0) this.#out.write('\r\x1b[K');
  }
}
