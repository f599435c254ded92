import { describe, expect, it } from "vitest";
import { parseStreetViewEmbed, streetViewEmbedUrl } from "./streetview";

const EMBED =
  '<iframe src="https://www.google.com/maps/embed?pb=!4v1700000000000!6m8!1m7!1sCAoSLEFGMVFpcE5fQ2xhc3Nl!2m2!1d48.85837!2d2.294481!3f120.5!4f-5.2!5f0.78" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe>';

describe("Street View embeds", () => {
  it("reads panorama, position and view angle", () => {
    expect(parseStreetViewEmbed(EMBED)).toEqual({
      pano: "CAoSLEFGMVFpcE5fQ2xhc3Nl",
      lat: 48.85837,
      lng: 2.294481,
      heading: 120.5,
      pitch: -5.2,
      fov: 0.78,
    });
  });

  it("refuses text without the position and angle markers", () => {
    expect(parseStreetViewEmbed("https://www.google.com/maps/@48.8,2.29,15z")).toBeNull();
    expect(parseStreetViewEmbed(EMBED.replace("!3f120.5", ""))).toBeNull();
    expect(parseStreetViewEmbed("")).toBeNull();
  });

  it("rebuilds the iframe URL from the numbers only", () => {
    const sv = parseStreetViewEmbed(EMBED)!;
    expect(streetViewEmbedUrl(sv)).toBe(
      "https://www.google.com/maps/embed?pb=!4v0!6m8!1m7!1sCAoSLEFGMVFpcE5fQ2xhc3Nl!2m2!1d48.85837!2d2.294481!3f120.5!4f-5.2!5f0.78",
    );
    const hostile = { ...sv, pano: '"><script>alert(1)</script>' };
    expect(streetViewEmbedUrl(hostile)).not.toContain("<");
  });

  it("keeps the embed's entry counts right when the panorama or the field of view is missing", () => {
    const sv = parseStreetViewEmbed(EMBED)!;
    expect(streetViewEmbedUrl({ ...sv, pano: null })).toBe(
      "https://www.google.com/maps/embed?pb=!4v0!6m7!1m6!2m2!1d48.85837!2d2.294481!3f120.5!4f-5.2!5f0.78",
    );
    expect(streetViewEmbedUrl({ ...sv, pano: null, fov: null })).toBe(
      "https://www.google.com/maps/embed?pb=!4v0!6m6!1m5!2m2!1d48.85837!2d2.294481!3f120.5!4f-5.2",
    );
  });
});
