import { StoredFile } from "../uploads/stored-file.js";

/** Adds a form field's value to its record: a field given again becomes an array, in order. */
export function addField(record: Record<string, unknown>, field: string, value: unknown): void {
  const existing = record[field];
  if (existing === undefined) record[field] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else record[field] = [existing, value];
}

/**
 * A multipart body read by streaming: its fields (a repeated field as an array) and the files its
 * sinks stored, which the request's end keeps or removes (see `settle`).
 */
export class StreamedForm {
  readonly record: Record<string, unknown> = Object.create(null);
  readonly files: StoredFile[] = [];
  /** The most bytes the parser carried between chunks (the framing it could not decide yet). */
  maxCarried = 0;

  add(field: string, value: string | StoredFile): void {
    if (value instanceof StoredFile) this.files.push(value);
    addField(this.record, field, value);
  }

  noteCarried(carried: number): void {
    if (carried > this.maxCarried) this.maxCarried = carried;
  }

  /** Removes every stored file (a failed request leaves nothing behind). */
  async removeAll(): Promise<void> {
    await Promise.all(this.files.map((file) => file.cleanup?.remove()));
  }

  /**
   * After the response: a request answered with an error (validation, a guard, the handler)
   * leaves nothing stored; a successful one keeps what its sinks keep, and temporary files go.
   */
  async settle(succeeded: boolean): Promise<void> {
    await Promise.all(
      this.files.map((file) =>
        !succeeded || file.cleanup?.temporary === true ? file.cleanup?.remove() : undefined,
      ),
    );
  }

  /** Waits for the response, settles the stored files by its status, then hands it on. */
  async settleAfter(response: Response | Promise<Response>): Promise<Response> {
    const answered = await response;
    await this.settle(answered.status < 400);
    return answered;
  }
}
