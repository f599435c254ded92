// The demo quiz that an empty local database gets from `npm start`, so that a
// newcomer can launch a game and join it from a second tab at once. Pictures are drawn by
// scripts/make-demo-pictures.mjs (no network, free to ship).
export const DEMO_QUIZ = {
  uniqueName: "paris-en-silhouettes-demo",
  name: "Paris en silhouettes",
  description: "Cinq monuments de Paris à retrouver sur la carte : une partie de démonstration.",
  mapSettings: {
    center: { lat: 48.8675, lng: 2.3205 },
    zoom: 13,
    bounds: { north: 48.9, south: 48.835, east: 2.385, west: 2.255 },
  },
  questions: [
    { file: "tour.jpg", name: "La dame de fer", lat: 48.85826, lng: 2.29451 },
    { file: "arc.jpg", name: "Un arc sur la place", lat: 48.87378, lng: 2.29504 },
    { file: "pyramide.jpg", name: "Une pyramide de verre", lat: 48.86098, lng: 2.33585 },
    { file: "coupoles.jpg", name: "Des coupoles blanches sur la butte", lat: 48.88671, lng: 2.3431 },
    { file: "cathedrale.jpg", name: "Deux tours et une rosace", lat: 48.85297, lng: 2.34989 },
  ],
};
