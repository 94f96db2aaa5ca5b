const CRLF = Buffer.from('\r\n');

/**
 * One server-sent event, serialised once and written as it is to every stream it goes to. Its
 * `chunk` is the same bytes framed as one HTTP/1.1 chunk (size line, bytes, CRLF), made on first
 * use and then shared: a chunked response's stream can take it straight onto its socket.
 */
export class SseFrame {
  private chunked: Buffer | undefined;

  constructor(readonly text: string) {}

  get chunk(): Buffer {
    if (!this.chunked) {
      const body = Buffer.from(this.text, 'utf8');
      this.chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`, 'latin1'), body, CRLF]);
    }
    return this.chunked;
  }
}
