// The suite's fixture media: a 1x1 red PNG and a short silent WAV, made here (no binary files).

/** A 1x1 red pixel, as PNG. */
export const redPixel = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/** 100 ms of silence: 8 kHz, 8-bit mono PCM, as WAV. */
export function silence(): Uint8Array {
  const samples = 800;
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24); // sample rate
  wav.writeUInt32LE(8000, 28); // byte rate
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write("data", 36);
  wav.writeUInt32LE(samples, 40);
  return new Uint8Array(wav);
}
