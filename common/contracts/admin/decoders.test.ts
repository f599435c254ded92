import { describe, expect, it } from "vitest";
import { decodeAdminDone } from "./decoders";

describe("the admin's bodies as the browser reads them", () => {
  it("decodes a well-formed body", () => {
    expect(decodeAdminDone({ message: "« Kim » enregistré" })).toEqual({ message: "« Kim » enregistré" });
  });

  it("gives null for a field missing or of the wrong type", () => {
    expect(decodeAdminDone({})).toBeNull();
    expect(decodeAdminDone({ message: 3 })).toBeNull();
    expect(decodeAdminDone(null)).toBeNull();
  });
});
