import { useRef, useState } from "react";
import type { PseudoLineNetwork } from "@common/wire/protocol";
import type { RoomPlayer } from "@common/wire/room-messages";
import { RichText, useLocale, useT } from "~/components/I18n";
import { CrowdList, TeamHead } from "./CrowdList";
import { capacityLabel } from "./format";
import { JoinPanel } from "./JoinPanel";
import { KickDialog } from "./KickDialog";
import { isCrowd } from "./lobby-pages";
import { groupByTeam } from "./players";
import { listOf, type Roster } from "./roster";
import type { RoomInfo } from "./screen-state";
import { LockButton } from "./LockButton";
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
  // Where the keyboard goes after a kick: the button that asked goes with its player.
  const startButton = useRef<HTMLButtonElement>(null);
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
        onClick={() => setConfirm(p)}
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
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            onKick(confirm);
            setConfirm(null);
          }}
          afterKick={startButton}
        />
      ) : null}
    </div>
  );
}
