// A défi played on this phone, as the server runs it: what the défi and the player are, the screen
// the last call led to, and the calls that move it on (join, open the next question, answer).
import { useCallback, useState } from "react";
import type { DefiInfo, DefiMe, DefiQuestion, DefiReveal } from "@common/contracts/defi/types";
import type { Words } from "@common/i18n/ids";
import { MSG } from "@common/contracts/messages";
import type { LatLng } from "@common/wire/protocol";
import { DefiCallError, defiApi } from "./api";

export type Screen =
  | { kind: "loading" }
  | { kind: "intro" }
  | { kind: "ready" }
  | { kind: "question"; question: DefiQuestion; receivedAt: number }
  | { kind: "reveal"; reveal: DefiReveal }
  | { kind: "done" };

/** The défi `initial` as the page got it, moved on by the server's answers. */
export function useDefiRun(initial: DefiInfo) {
  const code = initial.code;
  const [defi, setDefi] = useState<DefiInfo>(initial);
  const [me, setMe] = useState<DefiMe | null>(null);
  // A défi already over shows its end from the first paint, before any script runs.
  const [screen, setScreen] = useState<Screen>(initial.open ? { kind: "loading" } : { kind: "done" });
  const [notice, setNotice] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = useCallback((error: unknown) => {
    setNotice(error instanceof DefiCallError ? error.words : MSG.network);
    setBusy(false);
  }, []);

  const openNext = useCallback(async () => {
    setBusy(true);
    setNotice(null);
    try {
      const opened = await defiApi.open(code);
      if (opened.kind === "question") {
        setScreen({ kind: "question", question: opened.question, receivedAt: Date.now() });
      } else if (opened.kind === "missed") {
        setMe((m) => (m ? { ...m, question: opened.reveal.index + 1, total: opened.reveal.total } : m));
        setScreen({ kind: "reveal", reveal: opened.reveal });
      } else setScreen({ kind: "done" });
      setBusy(false);
    } catch (error) {
      if (error instanceof DefiCallError && error.status === 409) {
        setDefi((d) => ({ ...d, open: false }));
        setScreen({ kind: "done" });
        setBusy(false);
      } else fail(error);
    }
  }, [code, fail]);

  const load = useCallback(async () => {
    try {
      const state = await defiApi.state(code);
      setDefi(state.defi);
      setMe(state.me);
      if (!state.me) setScreen({ kind: "intro" });
      else if (state.me.question >= state.defi.questionCount || !state.defi.open) setScreen({ kind: "done" });
      else if (state.me.questionOpen) await openNext();
      else setScreen({ kind: "ready" });
    } catch (error) {
      fail(error);
    }
  }, [code, fail, openNext]);

  const start = async ({ name, adapted }: { name: string | undefined; adapted: boolean }) => {
    setBusy(true);
    setNotice(null);
    try {
      const joined = await defiApi.join(code, { name, adapted });
      setDefi(joined.defi);
      setMe(joined.me);
      // A new player's first question comes opened with the join: one round trip less before its photo.
      if (joined.question) {
        setScreen({ kind: "question", question: joined.question, receivedAt: Date.now() });
        setBusy(false);
      } else if (joined.me && joined.me.question >= joined.defi.questionCount) setScreen({ kind: "done" });
      else await openNext();
    } catch (error) {
      fail(error);
    }
  };

  const answer = async (question: number, at: LatLng) => {
    setBusy(true);
    setNotice(null);
    try {
      const reveal = await defiApi.answer(code, { question, lat: at.lat, lng: at.lng });
      setMe((m) => (m ? { ...m, question: question + 1, total: reveal.total } : m));
      setScreen({ kind: "reveal", reveal });
      setBusy(false);
    } catch (error) {
      // Too late, already answered elsewhere, or the défi just ended: the server says what stands.
      if (error instanceof DefiCallError && error.status === 409) await openNext();
      else fail(error);
    }
  };

  return { defi, me, screen, setScreen, notice, busy, load, openNext, start, answer };
}
