import { describe, expect, it } from "vitest";
import { MSG } from "@common/contracts/messages";
import type { Words } from "@common/i18n/ids";
import { PHOTO_MSG } from "@common/contracts/wizard/photos";
import { runBatch, type ItemState, type Outcome } from "./batch";

type Photo = { name: string; gps: { lat: number; lng: number } | null };

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Files named by what preparing them gives; `ms` makes some slower than the ones after them. */
function files(spec: { name: string; gps?: boolean; fail?: Words; ms?: number }[]) {
  return spec;
}

async function run(spec: ReturnType<typeof files>, uploadFails: string[] = []) {
  const uploads: string[] = [];
  const states = new Map<number, ItemState<Photo, string>[]>();
  let preparingNow = 0;
  let mostAtOnce = 0;
  let mostAhead = 0;
  await runBatch(spec, {
    async prepare(f): Promise<Outcome<Photo>> {
      mostAhead = Math.max(mostAhead, spec.indexOf(f) - uploads.length);
      preparingNow++;
      mostAtOnce = Math.max(mostAtOnce, preparingNow);
      await wait(f.ms ?? 1);
      preparingNow--;
      if (f.fail) return { ok: false, error: f.fail };
      return { ok: true, value: { name: f.name, gps: f.gps ? { lat: 48, lng: 2 } : null } };
    },
    async upload(photo, _gps, onProgress) {
      onProgress(50);
      await wait(2);
      if (uploadFails.includes(photo.name)) return { ok: false, error: MSG.network };
      uploads.push(photo.name);
      return { ok: true, value: `q-${photo.name}` };
    },
    onChange(index, state) {
      states.set(index, [...(states.get(index) ?? []), state]);
    },
  });
  const last = spec.map((_, i) => states.get(i)!.at(-1)!);
  return { uploads, last, states, mostAtOnce, mostAhead };
}

describe("a batch of photos", () => {
  it("uploads the photos with a position in the order of the files, even when a later one is ready first", async () => {
    const { uploads, last } = await run(
      files([
        { name: "a", gps: true, ms: 40 },
        { name: "b", gps: true, ms: 1 },
        { name: "c", gps: true, ms: 20 },
      ]),
    );
    expect(uploads).toEqual(["a", "b", "c"]);
    expect(last).toEqual([
      { status: "added", question: "q-a" },
      { status: "added", question: "q-b" },
      { status: "added", question: "q-c" },
    ]);
  });

  it("keeps photos without a position to be placed, and a failure does not stop the others", async () => {
    const { uploads, last } = await run(
      files([
        { name: "gps", gps: true },
        { name: "sans" },
        { name: "cassée", fail: PHOTO_MSG.unreadable },
        { name: "coupée", gps: true },
        { name: "fin", gps: true },
      ]),
      ["coupée"],
    );
    expect(uploads).toEqual(["gps", "fin"]);
    expect(last.map((s) => s.status)).toEqual(["added", "toPlace", "failed", "failed", "added"]);
    expect(last[2]).toEqual({ status: "failed", error: PHOTO_MSG.unreadable });
    expect(last[3]).toEqual({ status: "failed", error: MSG.network });
    expect(last[1]).toMatchObject({ status: "toPlace", photo: { name: "sans", gps: null } });
  });

  it("shows each file's way: waiting, preparing, sending with its percentage, done", async () => {
    const { states } = await run(files([{ name: "a", gps: true }]));
    expect(states.get(0)!.map((s) => (s.status === "uploading" ? `uploading ${s.percent}` : s.status))).toEqual([
      "waiting",
      "preparing",
      "uploading 0",
      "uploading 50",
      "added",
    ]);
  });

  it("prepares two files at a time and never runs far ahead of the uploads", async () => {
    const many = files(Array.from({ length: 12 }, (_, i) => ({ name: `p${i}`, gps: true, ms: 3 })));
    const { uploads, mostAtOnce, mostAhead } = await run(many);
    expect(uploads).toEqual(many.map((f) => f.name));
    expect(mostAtOnce).toBe(2);
    expect(mostAhead).toBeLessThanOrEqual(4);
  });
});
