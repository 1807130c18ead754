// Samples a process's resident memory (VmRSS from /proc) once a second.
import { rssMiB } from "../lib/proc.js";

/** A running sampler; `stop()` returns every sample taken. */
export interface RssSampler {
  stop(): { readonly atSeconds: number; readonly mib: number }[];
}

/** Starts sampling `pid` now, every `everyMs`. */
export function sampleRss(pid: number, everyMs = 1_000): RssSampler {
  const started = performance.now();
  const samples: { atSeconds: number; mib: number }[] = [];
  const take = () => {
    const mib = rssMiB(pid);
    if (mib !== undefined) samples.push({ atSeconds: (performance.now() - started) / 1000, mib });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
