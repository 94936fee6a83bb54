// How `appset-mock` writes its per-request log lines without ever growing its memory: a harness that
// pipes stdout and never reads it (Python's `Popen(stdout=PIPE)`, Node's default `spawn`) would
// otherwise queue every line in the process.

/** How many requests `--log` writes a line for. */
export type LogLevel = 'off' | 'errors' | 'all';

/** The stream lines go to: what `process.stdout` offers. */
export interface LineSink {
  write(text: string): boolean;
  /** Bytes written but not yet taken by the reader. */
  readonly writableLength: number;
  once(event: 'drain', listener: () => void): unknown;
}

/** The most bytes of lines left waiting for the reader before lines are dropped. */
export const MAX_QUEUED_LOG_BYTES = 64 * 1024;

/**
 * Writes lines while the reader keeps up. Past {@link MAX_QUEUED_LOG_BYTES} waiting, lines are
 * dropped and counted; once the stream drains, one line says how many were dropped.
 */
export class LogLines {
  #dropped = 0;
  #waiting = false;

  constructor(
    private readonly sink: LineSink,
    private readonly maxQueued = MAX_QUEUED_LOG_BYTES,
  ) {}

  /** How many lines were dropped since the last note. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Writes one line (ending in a newline), or drops it when the reader is behind. */
  write(line: string): void {
    if (this.sink.writableLength <= this.maxQueued) {
      this.sink.write(line);
      return;
    }
    this.#dropped += 1;
    if (this.#waiting) return;
    this.#waiting = true;
    this.sink.once('drain', () => {
      this.#waiting = false;
      const dropped = this.#dropped;
      this.#dropped = 0;
      this.sink.write(`appset-mock: ${dropped} log line${dropped === 1 ? '' : 's'} dropped while stdout was not read\n`);
    });
  }
}
