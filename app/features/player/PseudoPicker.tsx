import { useEffect, useRef } from "react";
import { COLORS, pseudoOf, type ColorKey, type FruitKey } from "@common/rules";
import { fruitSvg } from "@common/markers/fruits";
import { roomText } from "@common/client/room-texts";
import { colorFull, fruitTaken } from "./pseudo-state";
import { PlayerScreen, Spinner } from "./Common";
import { ReconnectOverlay } from "./ReconnectOverlay";
import { FatalScreen, ReloadScreen } from "./StatusScreens";
import { BrandName } from "~/components/BrandName";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import type { Words } from "@common/i18n/ids";
import { usePseudoRoom } from "./usePseudoRoom";
import { StatusNote } from "~/components/StatusNote";

/**
 * Pseudo selection (docs/game-rules.md, Pseudos and teams): colour, then fruit; the room settles
 * every race.
 */
export function PseudoPicker({ room, kicked }: { room: string; kicked: boolean }) {
  const t = useT();
  const colorName = (c: ColorKey) => t(`common.color.${c}`);
  const fruitName = (f: FruitKey) => t(`common.fruit.${f}`);
  const { state, dispatch } = usePseudoRoom(room);
  const alertRef = useRef<HTMLParagraphElement>(null);

  // From colour to fruit and back, the new step's title takes the focus: the button pressed is gone.
  const step = state.info && !state.done ? state.step : null;
  const shownStep = useRef(step);
  useEffect(() => {
    const before = shownStep.current;
    shownStep.current = step;
    if (!before || !step || before === step) return;
    const title = document.getElementById("pick-title");
    if (!title) return;
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }, [step]);

  // A message under the buttons may be below the fold on a small phone.
  useEffect(() => {
    if (state.alert) alertRef.current?.scrollIntoView({ block: "center" });
  }, [state.alert]);

  if (state.fatal) return <FatalScreen message={roomText(state.fatal)} />;
  if (state.reload) return <ReloadScreen message={roomText("reload")} />;

  const info = state.info;
  const reconnecting = info !== null && state.socket !== "open" && !state.done;
  let body: JSX.Element;
  if (!info || state.done) {
    body = (
      <div className="pl-center pl-grow">
        <h1 className="pl-title">{t("player.loading.title")}</h1>
        <Spinner label={t("player.loading.connecting")} />
        {/* Too many phones of this network on the pseudo screen: the connection asks again by itself. */}
        <StatusNote words={state.done ? null : state.alert} className="pl-notice-inline" />
      </div>
    );
  } else if (state.step === "color") {
    body = (
      <>
        <h1 className="pl-title" id="pick-title">
          {t("player.pseudo.colorTitle")}
        </h1>
        <div className="pl-colors" role="group" aria-labelledby="pick-title">
          {info.colors.map((c) => {
            const full = colorFull(info, c);
            const selected = state.color === c;
            return (
              <button
                key={c}
                type="button"
                className={["pl-color", selected ? "is-selected" : "", full ? "is-full" : ""].join(" ").trim()}
                style={{ "--swatch": COLORS[c].hex } as React.CSSProperties}
                aria-pressed={selected}
                disabled={full || state.waiting}
                onClick={() => dispatch({ type: "pickColor", color: c })}
              >
                <span className="pl-color-name">{colorName(c)}</span>
                {full ? <span className="pl-full">{t("player.pseudo.full")}</span> : null}
              </button>
            );
          })}
        </div>
        <Alert text={state.alert} innerRef={alertRef} />
        <ValidateButton waiting={state.waiting} onClick={() => dispatch({ type: "validateColor" })} />
      </>
    );
  } else {
    const color = state.color!;
    body = (
      <>
        <h1 className="pl-title" id="pick-title">
          {t("player.pseudo.fruitTitle")}
        </h1>
        <p className="pl-chosen-color">
          {t("player.pseudo.color")} <span className="pl-dot" style={{ background: COLORS[color].hex }} aria-hidden="true" />{" "}
          <strong>{colorName(color)}</strong>
        </p>
        <div className="pl-fruits" role="group" aria-labelledby="pick-title">
          {info.fruits.map((f: FruitKey) => {
            const taken = fruitTaken(info, color, f);
            const selected = state.fruit === f;
            return (
              <button
                key={f}
                type="button"
                className={["pl-fruit", selected ? "is-selected" : "", taken ? "is-full" : ""].join(" ").trim()}
                style={{ "--swatch": COLORS[color].hex } as React.CSSProperties}
                aria-pressed={selected}
                aria-label={taken ? t("player.pseudo.fruitTaken", { fruit: fruitName(f) }) : fruitName(f)}
                disabled={taken || state.waiting}
                onClick={() => dispatch({ type: "pickFruit", fruit: f })}
              >
                <span className="pl-fruit-art" dangerouslySetInnerHTML={{ __html: fruitSvg(f, 44) }} />
                <span className="pl-fruit-name" aria-hidden="true">
                  {fruitName(f)}
                </span>
              </button>
            );
          })}
        </div>
        <p className="pl-preview" aria-live="polite">
          {state.fruit ? (
            <>
              {t("player.pseudo.youWillBe")} <strong>{pseudoOf(state.fruit, color)}</strong>
            </>
          ) : (
            "\u00a0"
          )}
        </p>
        <Alert text={state.alert} innerRef={alertRef} />
        <ValidateButton waiting={state.waiting} onClick={() => dispatch({ type: "validateFruit" })} />
        <button
          type="button"
          className="pl-link"
          disabled={state.waiting}
          onClick={() => dispatch({ type: "backToColors" })}
        >
          {t("player.pseudo.changeColor")}
        </button>
      </>
    );
  }

  return (
    <PlayerScreen className="pl-join">
      <p className="pl-room">
        <span className="pl-brand-small">
          <BrandName />
        </span>
        <span>{t("player.pseudo.room", { room })}</span>
      </p>
      {kicked ? (
        <p className="pl-notice-inline" role="status">
          {t("player.pseudo.kicked")}
        </p>
      ) : null}
      {body}
      {/* A phone that came by the QR code meets its language switch here first. */}
      <LanguageSwitch className="pl-lang" />
      {reconnecting ? <ReconnectOverlay /> : null}
    </PlayerScreen>
  );
}

/** 'Valider' for the colour or the fruit; while the room checks the choice, it says so and waits. */
function ValidateButton({ waiting, onClick }: { waiting: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <button type="button" className="button pl-button pl-validate" disabled={waiting} onClick={onClick}>
      {waiting ? t("player.pseudo.checking") : t("player.pseudo.validate")}
    </button>
  );
}

function Alert({ text, innerRef }: { text: Words | null; innerRef: React.RefObject<HTMLParagraphElement> }) {
  const t = useT();
  // Always in the page, so screen readers announce the text when it appears.
  return (
    <p ref={innerRef} className={text ? "pl-alert" : "pl-alert is-empty"} role="alert">
      {text ? t(text) : ""}
    </p>
  );
}
