import { useEffect, useState } from "react";
import type { ColorKey } from "@common/wire/protocol";
import type { RoomPlayer } from "@common/wire/room-messages";
import { useT } from "~/components/I18n";
import { useLatest } from "~/features/map/camera";
import {
  NEWEST_COUNT,
  nextRollPage,
  perTeamPage,
  ROLL_PAGE_MS,
  rollPage,
  rollPageCount,
  searchPlayers,
  teamRolls,
} from "./lobby-pages";
import { colorHex, inkOn, teamWords } from "./players";
import { newestOf, type Roster } from "./roster";

/** A team's column head in the lobby: its colour, its name, how many players. */
export function TeamHead({ team, count }: { team: ColorKey; count: number }) {
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
export function CrowdList({
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
