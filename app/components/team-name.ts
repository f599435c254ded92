import { useCallback } from "react";
import type { ColorKey } from "@common/rules";
import { useT } from "./I18n";

/** A team's name in the page's language: « Équipe bleue », « Blue team », « Team Blau ». */
export function useTeamName(): (color: ColorKey) => string {
  const t = useT();
  return useCallback((color: ColorKey) => t(`common.team.${color}`), [t]);
}
