import { QRCodeSVG } from "qrcode.react";
import { memo, useEffect, useRef, useState } from "react";
import type { ColorKey, PseudoLineNetwork } from "@common/protocol";
import type { RoomPlayer } from "@common/room-messages";
import { splitRoomCode } from "@common/presenter/room-code";
import { RichText, useLocale, useT } from "~/components/I18n";
import { useLatest } from "~/features/map/camera";
import { capacityLabel } from "./format";
import {
  isCrowd,
  NEWEST_COUNT,
  nextRollPage,
  perTeamPage,
  ROLL_PAGE_MS,
  rollPage,
  rollPageCount,
  searchPlayers,
  teamRolls,
} from "./lobby-pages";
import { colorHex, groupByTeam, inkOn, teamWords } from "./players";
import { listOf, newestOf, type Roster } from "./roster";
import type { RoomInfo } from "./screen-state";
import { LockButton, LockIcon } from "./LockButton";
import { PlayerMarker } from "./PlayerMarker";
import { PseudoLinePanel } from "./PseudoLinePanel";

/** Past this many players the chips shrink, so that a full room still fits the screen. */
const CROWDED = 24;

/**
 * Lobby (docs/game-rules.md, Presenter steps): the join code in two halves, the QR code of the play
 * page, the address to type, the lobby picture, the players as they arrive (one column per team in
 * team mode), the capacity, a kick button per player, and 'Lancer la partie'. Past what chips can
 * show (lobby-pages.ts), the newest arrivals and every player on pages that turn by themselves,
 * with a search to find anyone to kick.
 */
export function LobbyView({
  room,
  origin,
  host,
  lobbyPicture,
  players,
  playersCount,
  locked,
  onToggleLock,
  onKick,
  onStart,
  pseudoLine,
  onClearNetwork,
}: {
  room: RoomInfo;
  origin: string;
  host: string;
  lobbyPicture: string;
  players: Roster;
  playersCount: number;
  locked: boolean;
  onToggleLock: () => void;
  onKick: (player: RoomPlayer) => void;
  onStart: () => void;
  pseudoLine: readonly PseudoLineNetwork[];
  onClearNetwork: (network: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [confirm, setConfirm] = useState<RoomPlayer | null>(null);
  const [query, setQuery] = useState("");
  // Where the keyboard was before the kick's question, and where it goes after it.
  const asker = useRef<HTMLElement | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const ask = (p: RoomPlayer) => {
    asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirm(p);
  };
  /** Cancelled: back to the button that asked; kicked: that button goes, so to the start. */
  const answered = (kicked: boolean) => {
    setConfirm(null);
    const back = kicked ? null : asker.current;
    window.setTimeout(() => (back?.isConnected ? back : startButton.current)?.focus());
  };
  const capacity = capacityLabel(playersCount, room.settings, locale);
  const team = room.settings.mode === "team";
  const crowd = isCrowd(players);
  const crowded = players.size > CROWDED;

  // `slot`: lists that change many times a second (the newest, a search) keep their elements and
  // change what they show, rather than make and drop elements at every batch of arrivals.
  const chip = (p: RoomPlayer, slot?: number) => (
    <li key={slot ?? p.seatId} className={`lobby-player${p.connected ? "" : " is-away"}`}>
      <PlayerMarker marker={p.marker} pseudo={p.pseudo} color={p.color} size={52} />
      <span className="lobby-player-name">{p.pseudo}</span>
      {p.connected ? null : <span className="lobby-player-away">{t("presenter.lobby.away")}</span>}
      <button
        type="button"
        className="lobby-kick"
        aria-label={t("presenter.lobby.kick", { pseudo: p.pseudo })}
        title={t("presenter.lobby.kick", { pseudo: p.pseudo })}
        onClick={() => ask(p)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );

  return (
    <div className={`pres-lobby${crowded ? " is-crowded" : ""}`}>
      {/* eslint-disable lingui/no-unlocalized-strings -- the brand's name reads the same in every language */}
      <p className="pres-brand" aria-hidden="true">
        Rep<span className="pres-brand-pin">è</span>re
      </p>
      {/* eslint-enable lingui/no-unlocalized-strings */}
      <JoinPanel room={room} origin={origin} host={host} lobbyPicture={lobbyPicture} locked={locked} />

      <section className="lobby-players" aria-labelledby="lobby-players-title">
        <header className="lobby-players-head">
          <h2 id="lobby-players-title">
            <RichText
              id="presenter.lobby.players"
              values={{ count: capacity.count }}
              components={{ 0: <span className="lobby-capacity" data-testid="capacity" /> }}
            />
          </h2>
          {capacity.detail ? <span className="lobby-capacity-detail">{t(capacity.detail)}</span> : null}
          <LockButton locked={locked} onToggle={onToggleLock} />
          <button type="button" className="pres-button pres-button-go lobby-start" onClick={onStart} ref={startButton}>
            {t("presenter.lobby.start")}
          </button>
        </header>
        <PseudoLinePanel networks={pseudoLine} onClear={onClearNetwork} />
        {players.size === 0 ? (
          <p className="lobby-empty">{t("presenter.lobby.waiting")}</p>
        ) : crowd ? (
          <CrowdList
            roster={players}
            teams={team ? room.colors : null}
            query={query}
            onQuery={setQuery}
            hold={confirm !== null}
            chip={chip}
          />
        ) : team ? (
          <div className="lobby-teams" style={{ gridTemplateColumns: `repeat(${room.colors.length}, minmax(0, 1fr))` }}>
            {groupByTeam(listOf(players), room.colors).map((g) => (
              <div key={g.team} className="lobby-team">
                <TeamHead team={g.team} count={g.players.length} />
                <ul className="lobby-list lobby-list-team">{g.players.map((p) => chip(p))}</ul>
              </div>
            ))}
          </div>
        ) : (
          <ul className={`lobby-list${crowded ? " is-crowded" : ""}`}>{listOf(players).map((p) => chip(p))}</ul>
        )}
      </section>

      {confirm ? (
        <KickDialog
          player={confirm}
          onCancel={() => answered(false)}
          onConfirm={() => {
            onKick(confirm);
            answered(true);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The lobby's top half: the quiz, how to join (QR code, address, room number). Memoised: the
 * players' list below changes a few times a second in a rush, and the QR code is worked out
 * again at every render.
 */
const JoinPanel = memo(function JoinPanel({
  room,
  origin,
  host,
  lobbyPicture,
  locked,
}: {
  room: RoomInfo;
  origin: string;
  host: string;
  lobbyPicture: string;
  locked: boolean;
}) {
  const t = useT();
  const code = splitRoomCode(room.roomNumber);
  return (
    <section className="lobby-top">
      <figure className="lobby-picture">
        <img src={lobbyPicture} alt="" />
        <figcaption>
          <span className="lobby-kicker">{t("presenter.lobby.quiz")}</span>
          <span className="lobby-quiz">{room.quiz.name}</span>
        </figcaption>
      </figure>
      <div className="lobby-join">
        {locked ? (
          <h1 className="lobby-title lobby-title-locked">
            <LockIcon size={48} /> {t("presenter.lobby.locked")}
          </h1>
        ) : (
          <h1 className="lobby-title">{t("presenter.lobby.join")}</h1>
        )}
        <div className="lobby-join-row">
          <div className="lobby-qr">
            <QRCodeSVG
              value={`${origin}/play/${room.roomNumber}`}
              size={150}
              level="H"
              marginSize={2}
              title={t("presenter.lobby.qr")}
            />
          </div>
          {/* One sentence, in each language's order: where to go, then which room. */}
          <div className="lobby-address">
            <RichText
              id="presenter.lobby.address"
              values={{ host, code }}
              components={{
                0: <p className="lobby-address-label" />,
                1: <p className="lobby-host" />,
                2: <p className="lobby-code" />,
                3: <span className="lobby-code-word" />,
                4: <span data-testid="room-code" />,
              }}
            />
          </div>
        </div>
      </div>
    </section>
  );
});

function TeamHead({ team, count }: { team: ColorKey; count: number }) {
  const t = useT();
  return (
    <h3 className="lobby-team-name" style={{ background: colorHex(team), color: inkOn(team) }}>
      {t(teamWords(team))} <span className="lobby-team-count">{count}</span>
    </h3>
  );
}

/**
 * A room past what chips can show: the newest arrivals as chips (with their kick button), and
 * every player by name on pages that turn every ROLL_PAGE_MS (held while the presenter points at
 * them or confirms a kick), one column per team in team mode; the search beside the newest
 * replaces the pages with the chips of what it finds, to kick anyone.
 */
function CrowdList({
  roster,
  teams,
  query,
  onQuery,
  hold,
  chip,
}: {
  roster: Roster;
  /** Team mode: the room's teams, one column each. */
  teams: readonly ColorKey[] | null;
  query: string;
  onQuery: (query: string) => void;
  hold: boolean;
  chip: (p: RoomPlayer, slot?: number) => React.ReactNode;
}) {
  const t = useT();
  const [page, setPage] = useState(0);
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  const perTeam = teams ? perTeamPage(teams.length) : 0;
  const rolls = teams ? teamRolls(roster, teams, page, perTeam) : null;
  const pages = rolls ? Math.max(...rolls.map((r) => r.pages)) : rollPageCount(roster);
  const shown = page % pages;
  // The page turns on its own clock: arrivals add pages without putting the turn off.
  const pagesNow = useLatest(pages);
  const held = hold || pointed || focused || query.trim() !== "";
  useEffect(() => {
    if (held) return;
    const id = window.setTimeout(() => setPage((p) => nextRollPage(p % pagesNow.current, pagesNow.current)), ROLL_PAGE_MS);
    return () => window.clearTimeout(id);
  }, [shown, held, pagesNow]);
  const turn = (by: number) => setPage((p) => (((p % pages) + by) % pages + pages) % pages);

  // Names only: whole pseudos, numbers included, and a calm page; kicks go through the search.
  const name = (p: RoomPlayer, slot: number) => (
    <li key={slot} className={`lobby-name${p.connected ? "" : " is-away"}`}>
      <span className="lobby-name-dot" style={{ background: colorHex(p.color) }} aria-hidden="true" />
      <span className="lobby-name-text">{p.pseudo}</span>
      {p.connected ? null : <span className="sr-only">{t("presenter.lobby.awayAfterName")}</span>}
    </li>
  );

  const found = query.trim() ? searchPlayers(roster, query) : null;
  return (
    <div className="lobby-crowd">
      <div className="lobby-crowd-top">
        <section className="lobby-newest" aria-labelledby="lobby-newest-title">
          <h3 id="lobby-newest-title" className="lobby-newest-title">
            {t("presenter.lobby.newest")}
          </h3>
          <ul className="lobby-list is-crowded">{newestOf(roster, NEWEST_COUNT).map((p, i) => chip(p, i))}</ul>
        </section>
        <input
          type="search"
          className="lobby-search"
          placeholder={t("presenter.lobby.search")}
          aria-label={t("presenter.lobby.search")}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
      </div>
      {found ? (
        <section className="lobby-found" aria-label={t("presenter.lobby.found")}>
          {found.matches.length === 0 ? (
            <p className="lobby-empty">{t("presenter.lobby.noneFound")}</p>
          ) : (
            <ul className="lobby-list is-crowded">{found.matches.map((p, i) => chip(p, i))}</ul>
          )}
          {found.more > 0 ? (
            <p className="lobby-roll-where">{t("presenter.lobby.moreFound", { n: found.more })}</p>
          ) : null}
        </section>
      ) : (
        <section
          className="lobby-roll"
          aria-label={t("presenter.lobby.all")}
          data-roll-page={shown + 1}
          data-roll-pages={pages}
          onPointerEnter={() => setPointed(true)}
          onPointerLeave={() => setPointed(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
        >
          {rolls ? (
            <div className="lobby-teams" style={{ gridTemplateColumns: `repeat(${rolls.length}, minmax(0, 1fr))` }}>
              {rolls.map((r) => (
                <div key={r.team} className="lobby-team">
                  <TeamHead team={r.team} count={r.count} />
                  <ul className="lobby-names">{r.players.map(name)}</ul>
                </div>
              ))}
            </div>
          ) : (
            <ul className="lobby-names lobby-names-all">{rollPage(roster, shown).map(name)}</ul>
          )}
          <footer className="lobby-roll-foot">
            <button type="button" className="pres-icon-button lobby-roll-turn" aria-label={t("presenter.lobby.previous")} onClick={() => turn(-1)} disabled={pages <= 1}>
              <span aria-hidden="true">‹</span>
            </button>
            <p className="lobby-roll-where" aria-live="off">
              {t("presenter.lobby.rollPage", { page: shown + 1, pages })}
            </p>
            <button type="button" className="pres-icon-button lobby-roll-turn" aria-label={t("presenter.lobby.next")} onClick={() => turn(1)} disabled={pages <= 1}>
              <span aria-hidden="true">›</span>
            </button>
          </footer>
        </section>
      )}
    </div>
  );
}

function KickDialog({
  player,
  onCancel,
  onConfirm,
}: {
  player: RoomPlayer;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    // The confirmation the presenter just asked for: Enter confirms, Escape cancels. (showModal
    // would put the keyboard on the first button, « Annuler ».)
    confirm.current?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="pres-dialog"
      aria-labelledby="kick-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="kick-title">{t("presenter.kick.title", { pseudo: player.pseudo })}</h2>
      <p>{t("presenter.kick.body")}</p>
      <div className="pres-dialog-actions">
        <button type="button" className="pres-button pres-button-ghost" onClick={onCancel}>
          {t("presenter.cancel")}
        </button>
        <button type="button" className="pres-button pres-button-danger" onClick={onConfirm} ref={confirm}>
          {t("presenter.kick.confirm")}
        </button>
      </div>
    </dialog>
  );
}
