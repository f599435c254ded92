/** What the map says about itself, in one place. */
export const MAP_MSG = {
  /** Dashboard and wizard, when no key is configured. */
  testMap:
    "Carte de test : sans clé Google Maps, les cartes n'ont ni fond de carte ni images satellite. Pour la vraie carte, renseignez GOOGLE_MAPS_API_KEY sur le serveur (voir le README).",
  /** Presenter and admin screens, when Google refused the key. */
  keyRefused:
    "Google Maps a refusé la clé : carte de test sans fond de carte. Vérifiez GOOGLE_MAPS_API_KEY et les restrictions de la clé.",
  /** Presenter and admin screens, when Google does not answer. */
  unreachable: "Google Maps ne répond pas : carte de test sans fond de carte.",
  /** Street View frame that cannot load here: never the position, which is the answer. */
  streetViewUnavailable: "La vue Street View ne peut pas s'afficher ici.",
} as const;
