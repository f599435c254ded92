import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef, useState } from "react";
import type { PlayerListEntry } from "@common/protocol";
import { teamName } from "@common/rules";
import { capacityLabel, splitRoomCode } from "./format";
import { colorHex, groupByTeam, inkOn } from "./players";
import type { RoomInfo } from "./screen-state";
import { LockButton, LockIcon } from "./LockButton";
import { PlayerMarker } from "./PlayerMarker";

/** Past this many players the chips shrink, so that a full room still fits the screen. */
const CROWDED = 24;

/**
 * Lobby (docs/game-rules.md, Presenter steps): the join code in two halves, the QR code of the play
 * page, the address to type, the lobby picture, the players as they arrive (one column per team in
 * team mode), the capacity, a kick button per player, and 'Lancer la partie'.
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
}: {
  room: RoomInfo;
  origin: string;
  host: string;
  lobbyPicture: string;
  players: PlayerListEntry[];
  playersCount: number;
  locked: boolean;
  onToggleLock: () => void;
  onKick: (player: PlayerListEntry) => void;
  onStart: () => void;
}) {
  const [confirm, setConfirm] = useState<PlayerListEntry | null>(null);
  const capacity = capacityLabel(playersCount, room.settings);
  const team = room.settings.mode === "team";
  const code = splitRoomCode(room.roomID);

  const chip = (p: PlayerListEntry) => (
    <li key={p.playerID} className={`lobby-player${p.connected ? "" : " is-away"}`}>
      <PlayerMarker marker={p.marker} pseudo={p.pseudo} color={p.color} size={52} />
      <span className="lobby-player-name">{p.pseudo}</span>
      {p.connected ? null : <span className="lobby-player-away">hors ligne</span>}
      <button
        type="button"
        className="lobby-kick"
        aria-label={`Exclure ${p.pseudo}`}
        title={`Exclure ${p.pseudo}`}
        onClick={() => setConfirm(p)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );

  return (
    <div className={`pres-lobby${players.length > CROWDED ? " is-crowded" : ""}`}>
      <p className="pres-brand" aria-hidden="true">
        Rep<span className="pres-brand-pin">è</span>re
      </p>
      <section className="lobby-top">
        <figure className="lobby-picture">
          <img src={lobbyPicture} alt="" />
          <figcaption>
            <span className="lobby-kicker">Quiz</span>
            <span className="lobby-quiz">{room.quiz.name}</span>
          </figcaption>
        </figure>
        <div className="lobby-join">
          {locked ? (
            <h1 className="lobby-title lobby-title-locked">
              <LockIcon size={48} /> Salle verrouillée
            </h1>
          ) : (
            <h1 className="lobby-title">Rejoignez la partie !</h1>
          )}
          <div className="lobby-join-row">
            <div className="lobby-qr">
              <QRCodeSVG
                value={`${origin}/play/${room.roomID}`}
                size={150}
                level="H"
                marginSize={2}
                title="QR code pour rejoindre la partie"
              />
            </div>
            <div className="lobby-address">
              <p className="lobby-address-label">Sur votre téléphone, allez sur</p>
              <p className="lobby-host">{host}</p>
              <p className="lobby-address-label">et entrez le numéro de</p>
              <p className="lobby-code">
                <span className="lobby-code-word">Salle</span> <span data-testid="room-code">{code}</span>
              </p>
            </div>
          </div>
        </div>
      </section>

      <section className="lobby-players" aria-labelledby="lobby-players-title">
        <header className="lobby-players-head">
          <h2 id="lobby-players-title">
            Joueurs <span className="lobby-capacity" data-testid="capacity">{capacity.count}</span>
          </h2>
          {capacity.detail ? <span className="lobby-capacity-detail">{capacity.detail}</span> : null}
          <LockButton locked={locked} onToggle={onToggleLock} />
          <button type="button" className="pres-button pres-button-go lobby-start" onClick={onStart}>
            Lancer la partie
          </button>
        </header>
        {players.length === 0 ? (
          <p className="lobby-empty">En attente des joueurs…</p>
        ) : team ? (
          <div className="lobby-teams" style={{ gridTemplateColumns: `repeat(${room.colors.length}, minmax(0, 1fr))` }}>
            {groupByTeam(players, room.colors).map((g) => (
              <div key={g.team} className="lobby-team">
                <h3 className="lobby-team-name" style={{ background: colorHex(g.team), color: inkOn(g.team) }}>
                  {teamName(g.team)} <span className="lobby-team-count">{g.players.length}</span>
                </h3>
                <ul className="lobby-list lobby-list-team">{g.players.map(chip)}</ul>
              </div>
            ))}
          </div>
        ) : (
          <ul className={`lobby-list${players.length > CROWDED ? " is-crowded" : ""}`}>{players.map(chip)}</ul>
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
        />
      ) : null}
    </div>
  );
}

function KickDialog({
  player,
  onCancel,
  onConfirm,
}: {
  player: PlayerListEntry;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
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
      <h2 id="kick-title">Exclure {player.pseudo} ?</h2>
      <p>Ce joueur sera retiré de la salle d'attente.</p>
      <div className="pres-dialog-actions">
        <button type="button" className="pres-button pres-button-ghost" onClick={onCancel}>
          Annuler
        </button>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation the presenter just asked for: Enter confirms */}
        <button type="button" className="pres-button pres-button-danger" onClick={onConfirm} autoFocus>
          Exclure
        </button>
      </div>
    </dialog>
  );
}
