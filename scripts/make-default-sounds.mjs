#!/usr/bin/env node
/**
 * Writes the default game sounds public/sounds/1.mp3 … 7.mp3 (docs/game-rules.md, The reveal):
 * synthesised here, so they are ours to ship, need no network and can be regenerated at will.
 *   1 lobby (a calm loop), 2 intermediate ranking (a short bright jingle), 3 end of game (a
 *   fanfare), 4 warning (three beeps, 10 s before the end), 5–7 music during the questions
 *   (light loops, one picked at random per question).
 * Loops are built circularly (notes and echoes that run past the end wrap to the start), so
 * `loop = true` plays them without a seam. Deterministic: same files on every run.
 *
 * Usage: node scripts/make-default-sounds.mjs [outDir]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Mp3Encoder } from "@breezystack/lamejs";

const RATE = 44100;
const outDir = path.resolve(process.argv[2] ?? "public/sounds");

// ---------------------------------------------------------------------------------------------
// Tiny synthesiser: a mono float buffer, notes added into it.

const midi = (n) => 440 * 2 ** ((n - 69) / 12);
/** Note names to MIDI numbers: 'C4' = 60, 'A4' = 69, sharps with '#'. */
function note(name) {
  const m = /^([A-G])(#?)(-?\d)$/.exec(name);
  if (!m) throw new Error(`bad note ${name}`);
  const base = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }[m[1]];
  return 12 * (Number(m[3]) + 1) + base + (m[2] ? 1 : 0);
}

function buffer(seconds) {
  return new Float32Array(Math.round(seconds * RATE));
}

/**
 * Adds one note. `harmonics` are [multiple, amplitude] pairs; the envelope has an attack, an
 * exponential decay towards `sustain`, and a release after `dur`. `wrap` makes loops seamless.
 */
function addNote(buf, { at, dur, freq, gain = 0.3, harmonics = [[1, 1]], attack = 0.01, decay = 0.4, sustain = 0, release = 0.3, vibrato = 0, wrap = false }) {
  const start = Math.round(at * RATE);
  const total = Math.round((dur + release) * RATE);
  const relStart = dur * RATE;
  const norm = harmonics.reduce((s, [, a]) => s + a, 0);
  for (let i = 0; i < total; i++) {
    const t = i / RATE;
    let env = t < attack ? t / attack : sustain + (1 - sustain) * Math.exp(-(t - attack) / decay);
    if (i > relStart) env *= Math.exp(-((i - relStart) / RATE) / (release / 4));
    const f = freq * (1 + vibrato * Math.sin(2 * Math.PI * 5.5 * t));
    let v = 0;
    for (const [mult, amp] of harmonics) v += amp * Math.sin(2 * Math.PI * f * mult * t);
    let j = start + i;
    if (j >= buf.length) {
      if (!wrap) break;
      j %= buf.length;
    }
    buf[j] += (gain * env * v) / norm;
  }
}

/** A light room: a few feedback echoes, low-passed; circular for loops. */
function reverb(buf, { wet = 0.25, wrap = false } = {}) {
  const taps = [
    [0.113, 0.5],
    [0.197, 0.38],
    [0.271, 0.28],
    [0.353, 0.2],
  ];
  const out = Float32Array.from(buf);
  const n = buf.length;
  for (const [delay, g] of taps) {
    const d = Math.round(delay * RATE);
    let lp = 0;
    for (let i = 0; i < n * (wrap ? 2 : 1); i++) {
      const src = i - d;
      if (src < 0) continue;
      lp = lp * 0.6 + buf[src % n] * 0.4;
      const j = i % n;
      if (!wrap && i >= n) break;
      out[j] += wet * g * lp;
    }
  }
  return out;
}

/** Peak-normalises to `peak` and fades the very ends of one-shot sounds (no click). */
function finish(buf, { peak = 0.8, fade = true } = {}) {
  let max = 0;
  for (const v of buf) max = Math.max(max, Math.abs(v));
  const k = max > 0 ? peak / max : 1;
  const edge = Math.round(0.01 * RATE);
  for (let i = 0; i < buf.length; i++) {
    let g = k;
    if (fade) {
      if (i < edge) g *= i / edge;
      if (i >= buf.length - edge) g *= (buf.length - 1 - i) / edge;
    }
    buf[i] = Math.tanh(buf[i] * g * 1.1) / Math.tanh(1.1);
  }
  return buf;
}

function encode(buf, kbps) {
  const pcm = new Int16Array(buf.length);
  for (let i = 0; i < buf.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(buf[i] * 32767)));
  const enc = new Mp3Encoder(1, RATE, kbps);
  const parts = [];
  for (let i = 0; i < pcm.length; i += 1152) {
    const chunk = enc.encodeBuffer(pcm.subarray(i, i + 1152));
    if (chunk.length) parts.push(Buffer.from(chunk));
  }
  const tail = enc.flush();
  if (tail.length) parts.push(Buffer.from(tail));
  return Buffer.concat(parts);
}

// Timbres.
const PIANO = [
  [1, 1],
  [2, 0.45],
  [3, 0.2],
  [4, 0.08],
];
const BELL = [
  [1, 1],
  [2.01, 0.5],
  [3, 0.25],
  [4.2, 0.12],
];
const PAD = [
  [1, 1],
  [2, 0.3],
  [3, 0.12],
];
const MARIMBA = [
  [1, 1],
  [4, 0.25],
  [10, 0.05],
];
const BRASS = [
  [1, 1],
  [2, 0.7],
  [3, 0.5],
  [4, 0.3],
  [5, 0.18],
  [6, 0.1],
];

const chordFreqs = (names) => names.map((n) => midi(note(n)));

// ---------------------------------------------------------------------------------------------
// 1. Lobby: four bars of soft chords with a slow arpeggio, 16 s, looped.
function lobby() {
  const bar = 4;
  const buf = buffer(bar * 4);
  const chords = [
    ["C3", "E3", "G3", "C4", "E4"],
    ["A2", "E3", "A3", "C4", "E4"],
    ["F2", "C3", "F3", "A3", "C4"],
    ["G2", "D3", "G3", "B3", "D4"],
  ];
  chords.forEach((chord, b) => {
    for (const f of chordFreqs(chord.slice(0, 3)))
      addNote(buf, { at: b * bar, dur: bar - 0.2, freq: f, gain: 0.16, harmonics: PAD, attack: 0.6, decay: 3, sustain: 0.6, release: 0.9, vibrato: 0.002, wrap: true });
    const arp = chordFreqs([...chord.slice(2), chord[3]]);
    for (let k = 0; k < 8; k++)
      addNote(buf, { at: b * bar + k * 0.5, dur: 0.3, freq: arp[k % arp.length] * 2, gain: 0.12, harmonics: BELL, attack: 0.005, decay: 0.5, release: 0.5, wrap: true });
  });
  return finish(reverb(buf, { wet: 0.35, wrap: true }), { peak: 0.7, fade: false });
}

// 2. Intermediate ranking: a rising arpeggio ending on a bright chord, about 2.5 s.
function ranking() {
  const buf = buffer(2.6);
  const run = ["C5", "E5", "G5", "C6"];
  run.forEach((n, i) => addNote(buf, { at: i * 0.12, dur: 0.15, freq: midi(note(n)), gain: 0.35, harmonics: BELL, decay: 0.35, release: 0.3 }));
  for (const f of chordFreqs(["C4", "E4", "G4", "C5", "E5"]))
    addNote(buf, { at: 0.5, dur: 1.2, freq: f, gain: 0.18, harmonics: PIANO, decay: 0.9, sustain: 0.15, release: 0.7 });
  addNote(buf, { at: 0.5, dur: 1.2, freq: midi(note("C3")), gain: 0.25, harmonics: PIANO, decay: 1, sustain: 0.2, release: 0.7 });
  return finish(reverb(buf, { wet: 0.3 }));
}

// 3. End of game: a short fanfare (ta-ta-ta taaa) and a held major chord, about 5 s.
function fanfare() {
  const buf = buffer(5.2);
  const brass = (at, dur, n, gain = 0.3) =>
    addNote(buf, { at, dur, freq: midi(note(n)), gain, harmonics: BRASS, attack: 0.03, decay: 0.6, sustain: 0.7, release: 0.35, vibrato: 0.003 });
  brass(0, 0.14, "G4");
  brass(0.18, 0.14, "G4");
  brass(0.36, 0.14, "G4");
  brass(0.54, 0.9, "C5", 0.34);
  brass(1.5, 0.2, "A4");
  brass(1.75, 0.2, "B4");
  for (const n of ["C4", "E4", "G4", "C5", "E5"]) brass(2.0, 2.4, n, 0.2);
  addNote(buf, { at: 2.0, dur: 2.4, freq: midi(note("C2")), gain: 0.3, harmonics: PIANO, decay: 1.5, sustain: 0.4, release: 0.8 });
  for (let k = 0; k < 6; k++)
    addNote(buf, { at: 2.0 + k * 0.1, dur: 0.1, freq: midi(note(["C6", "E6", "G6", "C7", "G6", "E6"][k])), gain: 0.12, harmonics: BELL, decay: 0.3 });
  return finish(reverb(buf, { wet: 0.3 }));
}

// 4. Warning: three clear beeps, about 1.6 s.
function warning() {
  const buf = buffer(1.6);
  for (let k = 0; k < 3; k++)
    addNote(buf, { at: k * 0.45, dur: 0.22, freq: 988, gain: 0.5, harmonics: [[1, 1], [2, 0.2], [3, 0.08]], attack: 0.005, decay: 2, sustain: 0.8, release: 0.06 });
  return finish(buf, { peak: 0.85 });
}

// 5. Question music: a marimba groove in A minor pentatonic over a soft bass, 16 s loop.
function musicA() {
  const beat = 0.5;
  const buf = buffer(beat * 32);
  const pattern = ["A4", "C5", "E5", "C5", "D5", "E5", "G5", "E5"];
  const bass = ["A2", "A2", "F2", "G2"];
  for (let i = 0; i < 32; i++) {
    addNote(buf, { at: i * beat, dur: 0.1, freq: midi(note(pattern[i % 8])), gain: 0.22, harmonics: MARIMBA, decay: 0.25, release: 0.2, wrap: true });
    if (i % 2 === 1) addNote(buf, { at: i * beat + beat / 2, dur: 0.08, freq: midi(note(pattern[(i + 3) % 8])) * 2, gain: 0.08, harmonics: MARIMBA, decay: 0.15, wrap: true });
  }
  bass.forEach((n, b) => {
    for (let k = 0; k < 4; k++)
      addNote(buf, { at: b * 4 + k * 1, dur: 0.5, freq: midi(note(n)), gain: 0.28, harmonics: PIANO, decay: 0.5, sustain: 0.2, release: 0.2, wrap: true });
  });
  return finish(reverb(buf, { wet: 0.2, wrap: true }), { peak: 0.7, fade: false });
}

// 6. Question music: a ticking pulse with plucked chords, D minor, 16 s loop.
function musicB() {
  const buf = buffer(16);
  for (let i = 0; i < 64; i++) {
    const tick = i % 2 === 0 ? 2400 : 1800;
    addNote(buf, { at: i * 0.25, dur: 0.01, freq: tick, gain: 0.07, harmonics: [[1, 1], [1.5, 0.5]], attack: 0.001, decay: 0.02, release: 0.02, wrap: true });
  }
  const chords = [
    ["D3", "F3", "A3"],
    ["A#2", "D3", "F3"],
    ["G2", "A#2", "D3"],
    ["A2", "C#3", "E3"],
  ];
  chords.forEach((chord, b) => {
    for (let k = 0; k < 4; k++)
      for (const f of chordFreqs(chord))
        addNote(buf, { at: b * 4 + k, dur: 0.3, freq: f * 2, gain: 0.12, harmonics: PIANO, decay: 0.35, release: 0.3, wrap: true });
    addNote(buf, { at: b * 4, dur: 3.6, freq: midi(note(chord[0])) / 2, gain: 0.25, harmonics: PAD, attack: 0.05, decay: 1.2, sustain: 0.5, release: 0.3, wrap: true });
  });
  return finish(reverb(buf, { wet: 0.25, wrap: true }), { peak: 0.7, fade: false });
}

// 7. Question music: dreamy bells in F major over pads, 16 s loop.
function musicC() {
  const buf = buffer(16);
  const chords = [
    ["F3", "A3", "C4"],
    ["D3", "F3", "A3"],
    ["A#2", "D3", "F3"],
    ["C3", "E3", "G3"],
  ];
  const melody = ["C5", "A4", "F5", "E5", "D5", "F5", "A5", "G5", "F5", "D5", "C5", "A4", "G4", "C5", "E5", "G5"];
  chords.forEach((chord, b) => {
    for (const f of chordFreqs(chord))
      addNote(buf, { at: b * 4, dur: 3.8, freq: f, gain: 0.13, harmonics: PAD, attack: 0.4, decay: 2.5, sustain: 0.55, release: 0.6, wrap: true });
  });
  melody.forEach((n, i) => addNote(buf, { at: i, dur: 0.4, freq: midi(note(n)), gain: 0.2, harmonics: BELL, decay: 0.7, release: 0.6, wrap: true }));
  return finish(reverb(buf, { wet: 0.35, wrap: true }), { peak: 0.7, fade: false });
}

const SOUNDS = [
  [1, lobby, 96],
  [2, ranking, 128],
  [3, fanfare, 128],
  [4, warning, 96],
  [5, musicA, 96],
  [6, musicB, 96],
  [7, musicC, 96],
];

mkdirSync(outDir, { recursive: true });
for (const [id, make, kbps] of SOUNDS) {
  const mp3 = encode(make(), kbps);
  const file = path.join(outDir, `${id}.mp3`);
  writeFileSync(file, mp3);
  console.log(`${path.relative(process.cwd(), file)}  ${(mp3.length / 1024).toFixed(0)} Ko`);
}
