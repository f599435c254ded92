import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Shell } from "~/components/Shell";
import { adminCall } from "./api";
import { useNotice } from "./Notice";
import type { SoundCategory, SoundItem, SoundPageData } from "@common/contracts/admin/types";
import type { Translate, Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";
import { megabytes, SOUND_MAX_BYTES, SOUND_TOO_LARGE, WARNING_BEFORE_MS } from "@common/rules";
import { BackTitle } from "~/components/BackTitle";
import { useT } from "~/components/I18n";

const MSG = {
  notMp3Name: m("admin.sound.notMp3Name"),
  tooBig: SOUND_TOO_LARGE,
} as const;

/**
 * What a file chooser hands over, checked before anything is sent: .mp3 only (the server
 * checks the bytes again).
 */
function chosenMp3(event: ChangeEvent<HTMLInputElement>): { file: File } | { error: Words } | null {
  const input = event.currentTarget;
  const file = input.files?.[0];
  input.value = ""; // choosing the same file again must fire again
  if (!file) return null;
  if (!file.name.toLowerCase().endsWith(".mp3")) return { error: MSG.notMp3Name };
  if (file.size > SOUND_MAX_BYTES) return { error: MSG.tooBig };
  return { file };
}

/** A category's title and hint (the warning's says how long before the end it sounds). */
const categoryTitle = (category: SoundCategory, t: Translate) => t(`admin.sound.${category.key}.title`);
const categoryHint = (category: SoundCategory, t: Translate) =>
  t(`admin.sound.${category.key}.hint`, { s: WARNING_BEFORE_MS / 1000 });

/** A sound's name: its category's, or for the photo sounds its number among them. */
const soundLabel = (category: SoundCategory, index: number, t: Translate) =>
  category.key === "photos" ? t("admin.sound.photoSound", { n: index + 1 }) : categoryTitle(category, t);

function PlayIcon({ playing }: { playing: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width={16} height={16} viewBox="0 0 24 24" fill="currentColor">
      <path d={playing ? "M6 6h12v12H6z" : "M8 5l11 7-11 7z"} />
    </svg>
  );
}

/**
 * /pres/sound: the five sound categories (docs/game-rules.md, The reveal), each sound previewed and
 * replaceable.
 */
export function SoundScreen({ data }: { data: SoundPageData }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [notice, showNotice] = useNotice();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, Words | null>>({});
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => () => audio.current?.pause(), []);

  const stop = () => {
    audio.current?.pause();
    setPlaying(null);
  };

  const listen = (sound: SoundItem) => {
    const el = audio.current;
    if (!el) return;
    if (playing === sound.id) return stop();
    // One preview at a time: the same element, a new source (cache-busted: a sound just
    // replaced must not come from the browser's cache).
    el.pause();
    el.src = `/api/sound/${sound.id}?v=${Date.now()}`;
    setPlaying(sound.id);
    el.play().catch((error: unknown) => {
      if ((error as Error)?.name !== "AbortError") console.error("Lecture impossible", error);
      setPlaying((p) => (p === sound.id ? null : p));
    });
  };

  const send = async (slot: string, url: string, body?: FormData) => {
    setBusy(slot);
    setErrors((e) => ({ ...e, [slot]: null }));
    const result = await adminCall(url, body);
    setBusy(null);
    if (!result.ok) {
      console.error(`${url}: ${t(result.error)}`);
      setErrors((e) => ({ ...e, [slot]: result.error }));
      return;
    }
    showNotice(result.message);
    revalidator.revalidate();
  };

  const upload = (category: number, id: number, slot: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = chosenMp3(event);
    if (!chosen) return;
    if ("error" in chosen) return setErrors((e) => ({ ...e, [slot]: chosen.error }));
    if (playing === id) stop();
    const form = new FormData();
    form.append("file", chosen.file);
    void send(slot, `/api/pres/admin/replaceSound/${category}/${id}.mp3`, form);
  };

  return (
    <Shell side="admin" accountName={data.accountName}>
      <main className="dash-main admin-main narrow" id="contenu">
        <BackTitle back="/pres">{t("admin.sound.title")}</BackTitle>
        <p className="screen-lead">{t("admin.sound.lead", { mb: megabytes(SOUND_MAX_BYTES) })}</p>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- sound effects without words: nothing to caption */}
        <audio ref={audio} preload="none" onEnded={() => setPlaying(null)} className="sound-player" />
        <div className="sound-grid">
          {data.categories.map((category) => (
            <section key={category.index} className={`panel sound-category sound-category-${category.index}`} aria-labelledby={`cat-${category.index}`}>
              <h2 id={`cat-${category.index}`}>{categoryTitle(category, t)}</h2>
              <p className="hint">{categoryHint(category, t)}</p>
              <ul className="sound-list">
                {category.sounds.map((sound, i) => {
                  const label = soundLabel(category, i, t);
                  const slot = String(sound.id);
                  const error = errors[slot];
                  return (
                    <li key={sound.id} className="sound-row" aria-busy={busy === slot || undefined}>
                      <div className="sound-name">
                        <span className="sound-title">{category.key === "photos" ? label : t("admin.sound.current")}</span>
                        <span className={sound.custom ? "pill pill-yes" : "pill pill-no"}>
                          {t(sound.custom ? "admin.sound.custom" : "admin.sound.original")}
                        </span>
                      </div>
                      <div className="sound-actions">
                        <button
                          type="button"
                          className="button button-small button-secondary"
                          aria-pressed={playing === sound.id}
                          aria-label={t(playing === sound.id ? "admin.sound.stopPlaying" : "admin.sound.listenTo", { label })}
                          onClick={() => listen(sound)}
                        >
                          <PlayIcon playing={playing === sound.id} /> {t(playing === sound.id ? "admin.sound.stop" : "admin.sound.listen")}
                        </button>
                        <label className="button button-small file-label">
                          <input
                            type="file"
                            accept=".mp3,audio/mpeg"
                            className="sr-only"
                            aria-label={t("admin.sound.changeOf", { label })}
                            disabled={busy !== null}
                            onChange={upload(category.index, sound.id, slot)}
                          />
                          <span aria-hidden="true">{busy === slot ? t("common.busy") : t("admin.sound.change")}</span>
                        </label>
                        {sound.custom ? (
                          <button
                            type="button"
                            className="link-button"
                            disabled={busy !== null}
                            aria-label={t("admin.sound.resetOf", { label })}
                            onClick={() => {
                              if (playing === sound.id) stop();
                              void send(slot, `/api/pres/admin/resetSound/${sound.id}`);
                            }}
                          >
                            {t("admin.sound.original")}
                          </button>
                        ) : null}
                      </div>
                      {error ? (
                        <p className="field-error sound-error" role="alert">
                          {t(error)}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </main>
      {notice}
    </Shell>
  );
}
