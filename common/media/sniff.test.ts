import { describe, expect, it } from "vitest";
import { detectImage, isMp3 } from "./sniff";

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);

describe("file sniffing", () => {
  it("recognises images by their signature", () => {
    expect(detectImage(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe("image/jpeg");
    expect(detectImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(detectImage(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe("image/webp");
    expect(detectImage(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe("image/gif");
  });
  it("refuses text renamed as a picture", () => {
    expect(detectImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(detectImage(new Uint8Array())).toBeNull();
  });
  it("recognises mp3 by ID3 tag or frame sync, not a WAV", () => {
    expect(isMp3(bytes(0x49, 0x44, 0x33, 4))).toBe(true);
    expect(isMp3(bytes(0xff, 0xfb, 0x90))).toBe(true);
    expect(isMp3(bytes(0x52, 0x49, 0x46, 0x46))).toBe(false);
  });
});
