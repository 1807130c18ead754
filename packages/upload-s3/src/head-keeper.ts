// The first bytes of a file, which core's media signature check reads (`StoredFile.head`): it needs
// 12 (`mediaTypeFromSignature`); 16 are kept, as core's own sinks keep.
const headSize = 16;

/** The first bytes of a file as they stream past. */
export class HeadKeeper {
  private bytes = new Uint8Array(headSize);
  private length = 0;

  take(chunk: Uint8Array): void {
    if (this.length >= headSize) return;
    const count = Math.min(headSize - this.length, chunk.byteLength);
    this.bytes.set(chunk.subarray(0, count), this.length);
    this.length += count;
  }

  get head(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}
