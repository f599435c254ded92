/**
 * The kit for tests/e2e, bound to the server tests/e2e/global-setup.ts starts (one server and
 * one database for every file: data is made unique per test by the factory).
 */
import { inject } from "vitest";
import { roomsOf } from "./launch";
import { servedKit } from "./served";

export const baseURL = inject("baseURL");
export const kit = servedKit({
  baseURL,
  persistTo: inject("persistTo"),
  registryPath: inject("registryPath"),
  adminMail: inject("adminMail"),
  adminPassword: inject("adminPassword"),
});
export const { app, make } = kit;
export const { launch, presenter, join, phone, seatPhones, connect, gameOf, answersOf, closeRoom, fetchRanking, postRound } = roomsOf(kit);
