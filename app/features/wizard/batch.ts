/**
 * Many photos at once: each file is prepared (decoded, shrunk), then, if it knows where it was
 * taken, sent as a question; otherwise it waits to be placed by hand. Preparing runs two files at
 * a time, a few files ahead of the uploads; uploads go one by one in the order of the files, so
 * the questions come out in that order. A file that fails says why and the others go on.
 */
import type { Words } from "@common/i18n/ids";
import type { LatLng } from "@common/wire/protocol";
import { eachLimited, PHOTO_MSG } from "@common/contracts/wizard/photos";

export type Prepared = { name: string; gps: LatLng | null };

export type ItemState<P extends Prepared, Q> =
  | { status: "waiting" }
  | { status: "preparing" }
  | { status: "uploading"; percent: number }
  | { status: "added"; question: Q }
  | { status: "toPlace"; photo: P }
  | { status: "failed"; error: Words };

/** What preparing or sending one photo gave: the thing, or why not (words, worded on screen). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: Words };

type BatchHandlers<F, P extends Prepared, Q> = {
  prepare(file: F): Promise<Outcome<P>>;
  upload(photo: P, gps: LatLng, onProgress: (percent: number) => void): Promise<Outcome<Q>>;
  onChange(index: number, state: ItemState<P, Q>): void;
};

const PREPARING_AT_ONCE = 2;
/** How far preparing may run ahead of the uploads: prepared photos wait in memory. */
const AHEAD = 4;

export async function runBatch<F, P extends Prepared, Q>(files: readonly F[], h: BatchHandlers<F, P, Q>): Promise<void> {
  const prepared: Promise<Outcome<P>>[] = [];
  const ready: ((o: Outcome<P>) => void)[] = [];
  for (let i = 0; i < files.length; i++) {
    prepared.push(new Promise((resolve) => ready.push(resolve)));
    h.onChange(i, { status: "waiting" });
  }
  let uploadsDone = 0;
  const waiting: (() => void)[] = [];
  const roomAhead = async (index: number) => {
    while (index >= uploadsDone + AHEAD) await new Promise<void>((resolve) => waiting.push(resolve));
  };

  const preparing = eachLimited(files, PREPARING_AT_ONCE, async (file, index) => {
    await roomAhead(index);
    h.onChange(index, { status: "preparing" });
    let outcome: Outcome<P>;
    try {
      outcome = await h.prepare(file);
    } catch {
      outcome = { ok: false, error: PHOTO_MSG.unreadable };
    }
    ready[index]!(outcome);
  });

  for (let index = 0; index < files.length; index++) {
    const outcome = await prepared[index]!;
    if (!outcome.ok) {
      h.onChange(index, { status: "failed", error: outcome.error });
    } else if (!outcome.value.gps) {
      h.onChange(index, { status: "toPlace", photo: outcome.value });
    } else {
      h.onChange(index, { status: "uploading", percent: 0 });
      const sent = await h.upload(outcome.value, outcome.value.gps, (percent) => h.onChange(index, { status: "uploading", percent }));
      h.onChange(index, sent.ok ? { status: "added", question: sent.value } : { status: "failed", error: sent.error });
    }
    uploadsDone = index + 1;
    for (const resume of waiting.splice(0)) resume();
  }
  await preparing;
}
