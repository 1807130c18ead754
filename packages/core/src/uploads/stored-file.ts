/** Where a stored file is: its disk path, or its S3 bucket and key with the ETag S3 gave it. */
export type StoredLocation =
  | { readonly kind: "memory" }
  | { readonly kind: "disk"; readonly path: string }
  | {
      readonly kind: "s3";
      readonly bucket: string | undefined;
      readonly key: string;
      readonly etag: string;
    };

/** How a request's end treats a stored file: removed with a failed request, or always. */
export interface StoredFileCleanup {
  /** Removes the stored bytes (never throws). */
  remove(): Promise<void>;
  /** True: removed once the response is made, whatever it is (a temporary file). */
  readonly temporary: boolean;
}

/**
 * A file a sink stored while it arrived, handed to the handler as a `File` (so every adapter's
 * file schema checks it: name, type, size), read lazily from where it is stored. `location` says
 * where that is; `path` (disk) or `key` and `etag` (S3) are shortcuts to it.
 */
export class StoredFile extends File {
  readonly #type: string;
  readonly #size: number;
  readonly #bytes: Blob;
  /** The first bytes of the file, kept while it streamed (for the media signature check). */
  readonly head: Uint8Array;
  readonly location: StoredLocation;
  /** @internal What the request's end does with this file. */
  readonly cleanup: StoredFileCleanup | undefined;

  constructor(
    bytes: Blob,
    init: {
      name: string;
      type: string;
      size: number;
      head: Uint8Array;
      location: StoredLocation;
      cleanup?: StoredFileCleanup;
    },
  ) {
    super([], init.name, { type: init.type });
    this.#bytes = bytes;
    this.#type = init.type;
    this.#size = init.size;
    this.head = init.head;
    this.location = init.location;
    this.cleanup = init.cleanup;
  }

  /** The declared media type, exactly as declared (File would append a charset to text types). */
  override get type(): string {
    return this.#type;
  }

  override get size(): number {
    return this.#size;
  }

  /** The file's path on disk, for a disk sink. */
  get path(): string | undefined {
    return this.location.kind === "disk" ? this.location.path : undefined;
  }

  /** The object's key, for an S3 sink. */
  get key(): string | undefined {
    return this.location.kind === "s3" ? this.location.key : undefined;
  }

  /** The object's ETag as S3 answered it, for an S3 sink. */
  get etag(): string | undefined {
    return this.location.kind === "s3" ? this.location.etag : undefined;
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return this.#bytes.stream() as ReadableStream<Uint8Array<ArrayBuffer>>;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.arrayBuffer();
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#bytes.bytes() as Promise<Uint8Array<ArrayBuffer>>;
  }

  override text(): Promise<string> {
    return this.#bytes.text();
  }

  override slice(start?: number, end?: number, contentType?: string): Blob {
    return this.#bytes.slice(start, end, contentType);
  }

  toJSON(): unknown {
    return { name: this.name, type: this.type, size: this.size, location: this.location };
  }
}
