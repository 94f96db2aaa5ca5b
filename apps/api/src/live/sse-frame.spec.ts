import { SseFrame } from './sse-frame';

describe('SseFrame (an event serialised once for every stream)', () => {
  it('frames the event as one HTTP/1.1 chunk, its size in bytes in hexadecimal', () => {
    const frame = new SseFrame('event: logout\ndata: Signed out élsewhere\n\n');
    // 42 characters, 43 bytes: é is two bytes in UTF-8.
    expect(frame.chunk.toString('utf8')).toBe('2b\r\nevent: logout\ndata: Signed out élsewhere\n\n\r\n');
  });

  it('makes the chunk once and hands every stream the same bytes', () => {
    const frame = new SseFrame('event: invalidate\ndata: ["items"]\n\n');
    expect(frame.chunk).toBe(frame.chunk);
  });
});
