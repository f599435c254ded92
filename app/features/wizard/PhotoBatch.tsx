import { useMemo, useRef, useState, type DragEvent } from "react";
import type { Words } from "@common/i18n/ids";
import { PHOTO_BATCH_MAX, QUIZ_QUESTIONS_MAX } from "@common/rules";
import { checkBatch, PHOTO_MSG } from "@common/contracts/wizard/photos";
import type { WizardQuestion } from "@common/contracts/wizard/types";
import { uploadQuestion } from "./api";
import { runBatch, type ItemState } from "./batch";
import { fullNotice, UploadProgress, type AddQuestionProps } from "./CoordsPreview";
import { Thumb } from "./BlobThumb";
import { photoForm, preparePhoto, type PreparedPhoto } from "./photo-prep";
import { PlacePhoto } from "./PlacePhoto";
import { FieldError } from "~/components/FieldError";
import { RichText, useT } from "~/components/I18n";
import { StatusNote } from "~/components/StatusNote";

type Item = { key: number; fileName: string; state: ItemState<PreparedPhoto, WizardQuestion> };


const ACCEPT = "image/*,.heic,.heif,.avif";

/**
 * 'Photo et coordonnées': a selection or a drop of 1 to 100 photos, as many as the quiz has room
 * for (QUIZ_QUESTIONS_MAX: the first ones are taken and the others named). Those whose EXIF knows where
 * they were taken become questions there at once, in the order of the files; the others wait
 * below to be placed, by a tap on the map or typed coordinates. Each file shows where it is
 * (preparing, sending with its percentage, added, to place, or why it failed), and the batch its
 * overall progress.
 */
export function PhotoBatch({
  quiz,
  onAdded,
  near,
  shown,
  count,
}: AddQuestionProps) {
  const t = useT();
  const [items, setItems] = useState<Item[]>([]);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<Words | null>(null);
  const [notice, setNotice] = useState<Words | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const onAddedRef = useRef(onAdded);
  onAddedRef.current = onAdded;

  async function start(chosen: File[]) {
    if (running) return;
    const check = checkBatch(chosen.length, room);
    if (!check.ok) {
      setNotice(null);
      return setError(check.error);
    }
    const files = chosen.slice(0, check.take);
    setError(null);
    setNotice(check.notice);
    setRunning(true);
    const base = nextKey.current;
    nextKey.current += files.length;
    const fresh: Item[] = files.map((f, i) => ({ key: base + i, fileName: f.name, state: { status: "waiting" } }));
    // Photos still to place from an earlier batch stay; finished rows of it go.
    setItems((old) => [...old.filter((it) => it.state.status === "toPlace"), ...fresh]);
    const set = (index: number, state: Item["state"]) => {
      setItems((old) => old.map((it) => (it.key === base + index ? { ...it, state } : it)));
      if (state.status === "added") onAddedRef.current(state.question);
    };
    await runBatch(files, {
      prepare: async (file) => {
        const prepared = await preparePhoto(file);
        return prepared.ok ? { ok: true, value: prepared.photo } : prepared;
      },
      upload: (photo, gps, onProgress) => uploadQuestion(quiz, photoForm(photo, gps), onProgress),
      onChange: set,
    });
    setRunning(false);
    if (input.current) input.current.value = "";
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void start([...event.dataTransfer.files]);
  }

  const counts = useMemo(() => {
    const c = { added: 0, toPlace: 0, failed: 0, done: 0 };
    for (const it of items) {
      if (it.state.status === "added") c.added++;
      if (it.state.status === "toPlace") c.toPlace++;
      if (it.state.status === "failed") c.failed++;
      if (["added", "toPlace", "failed"].includes(it.state.status)) c.done++;
    }
    return c;
  }, [items]);
  const toPlace = items.filter((it): it is Item & { state: { status: "toPlace"; photo: PreparedPhoto } } => it.state.status === "toPlace");
  // Each photo still to place will be a question too.
  const room = QUIZ_QUESTIONS_MAX - count - toPlace.length;

  function placed(key: number, question: WizardQuestion) {
    setItems((old) => old.map((it) => (it.key === key ? { ...it, state: { status: "added", question } } : it)));
    onAdded(question);
  }

  function dropItem(key: number) {
    setItems((old) => old.filter((it) => it.key !== key));
  }

  return (
    <div className="wz-batch">
      <div
        className={dragging ? "wz-drop is-dragging" : "wz-drop"}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="photo-drop"
      >
        <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
          <path d="M4 7h3l2-3h6l2 3h3v12H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <circle cx="12" cy="13" r="3.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        <p className="wz-drop-title">{t("wizard.batch.dropTitle")}</p>
        <div className="wz-file">
          <input
            ref={input}
            id="wz-photos"
            className="wz-file-input"
            type="file"
            multiple
            accept={ACCEPT}
            disabled={running || room <= 0}
            onChange={(e) => void start([...(e.currentTarget.files ?? [])])}
            aria-describedby="wz-photos-help"
          />
          <label htmlFor="wz-photos" className="wz-file-button">
            {t("wizard.batch.choose")}
          </label>
        </div>
        <p id="wz-photos-help" className="wz-help">
          {room <= 0 ? t("wizard.batch.full") : t("wizard.batch.help", { n: Math.min(PHOTO_BATCH_MAX, room) })}
        </p>
      </div>
      <FieldError error={error && t(error)} />
      <StatusNote words={notice} className="wz-help wz-full" />

      {items.length > 0 ? (
        <section className="wz-batch-status" aria-label={t("wizard.batch.sent")}>
          <div className="wz-progress wz-batch-total">
            <progress max={items.length} value={counts.done} aria-label={t("wizard.batch.processedLabel")} />
            <span aria-live="polite">{t("wizard.batch.processed", { done: counts.done, total: items.length })}</span>
          </div>
          <p className="wz-batch-summary" data-testid="batch-summary">
            {t("wizard.batch.summary", { added: counts.added, toPlace: counts.toPlace, failed: counts.failed })}
          </p>
          {/* Focusable: a keyboard can scroll a long batch too. */}
          <ol className="wz-batch-list" tabIndex={0} aria-label={t("wizard.batch.list")}>
            {items
              .filter((it) => it.state.status !== "toPlace")
              .map((it) => (
                <li key={it.key} className={`wz-batch-item is-${it.state.status}`} data-file={it.fileName}>
                  <span className="wz-batch-name">{it.fileName}</span>
                  <BatchStatus state={it.state} />
                </li>
              ))}
          </ol>
        </section>
      ) : null}

      {toPlace.length > 0 ? (
        <section className="wz-to-place" aria-labelledby="wz-to-place-heading">
          <h3 id="wz-to-place-heading">
            <RichText id="wizard.batch.toPlace" values={{ n: toPlace.length }} components={{ 0: <span className="wz-count" /> }} />
          </h3>
          <p className="wz-help">{t(PHOTO_MSG.noPosition)}.</p>
          <PlacePhoto
            key={toPlace[0]!.key}
            quiz={quiz}
            photo={toPlace[0]!.state.photo}
            near={near}
            shown={shown}
            full={fullNotice(count)}
            onPlaced={(q) => placed(toPlace[0]!.key, q)}
            onSkip={() => dropItem(toPlace[0]!.key)}
          />
          {toPlace.length > 1 ? (
            <ul className="wz-to-place-next" aria-label={t("wizard.batch.then")}>
              {toPlace.slice(1).map((it) => (
                <li key={it.key}>
                  <Thumb blob={it.state.photo.jpeg} alt="" />
                  <span>{it.state.photo.name}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function BatchStatus({ state }: { state: Item["state"] }) {
  const t = useT();
  switch (state.status) {
    case "waiting":
      return <span className="wz-batch-state">{t("wizard.batch.waiting")}</span>;
    case "preparing":
      return <span className="wz-batch-state">{t("wizard.batch.preparing")}</span>;
    case "uploading":
      return <UploadProgress percent={state.percent} />;
    case "added":
      return <span className="wz-batch-state is-ok">{t("wizard.batch.added", { name: state.question.name })}</span>;
    case "failed":
      return <span className="wz-batch-state is-error">{t("wizard.batch.failed", { error: t(state.error) })}</span>;
    default:
      return null;
  }
}
