/* eslint-disable lingui/no-unlocalized-strings -- the brand's name, the same in every language */
/** « Repère » with its accented è drawn as the map pin: the name wherever the brand shows. */
export function BrandName() {
  return (
    <>
      Rep<span className="brand-pin">è</span>re
    </>
  );
}
