/**
 * Hands each chunk of `stream` to `take` until its end, and stops, cancelling the stream, the moment
 * more than `limit` bytes have come: true when all of it was within the limit. A body is never read
 * further than one chunk past the limit, whatever its Content-Length says.
 */
export async function readWithin(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  take: (chunk: Uint8Array) => void,
): Promise<boolean> {
  const reader = stream.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => {});
      return false;
    }
    take(value);
  }
}
