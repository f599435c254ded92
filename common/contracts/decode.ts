/**
 * What the browser reads of an API's body: a contract's decoder gives the body as its contract's
 * type when it is one, else null, and `callApi` (app/call-api.ts) turns that null into the same
 * message as a body that is not JSON at all. No screen casts a body.
 *
 * Decoders are written with the codec pieces of the room's wire (common/wire/codec.ts), not zod:
 * the phone's pages (a défi, /play) carry them, and zod weighs more than a phone's whole game
 * (decision 052). Each is checked against its contract's type at compile time (`decoderOf`): a
 * field added to the type and not to its codec fails the type-check, instead of being dropped
 * from every body the browser reads.
 */
import { type AnyCodec, type CodeOf, list, nullable, num, object, str } from "../wire/codec";
import type { Bounds, LatLng, MapSettings, TargetSetting } from "../wire/protocol";

/** A body as its contract says it is, or null: it is not. */
export type Decoder<T> = (body: unknown) => T | null;

/** A and B are one type, not merely assignable one way (an optional field left out of either fails). */
type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

/**
 * The decoder of contract type `T` made of `codec`, whose code type must be exactly `T`. The
 * decoded value is the codec's copy: keys the contract does not know are dropped.
 */
export function decoderOf<T>() {
  return <C extends AnyCodec>(codec: C & (Same<CodeOf<C>, T> extends true ? unknown : { contractDiffers: T })): Decoder<T> =>
    (body) =>
      codec.check(body) ? (codec.toCode(body) as T) : null;
}

/** One of several shapes told apart by their own checks (a défi's `open`: a question, a miss, the end). */
export function oneOfDecoders<T>(...decoders: Decoder<T>[]): Decoder<T> {
  return (body) => {
    for (const decode of decoders) {
      const value = decode(body);
      if (value !== null) return value;
    }
    return null;
  };
}

/** A body of plain text (a new quiz's unique name). */
export const textBody: Decoder<string> = (body) => (typeof body === "string" ? body : null);

/** A success that says nothing but that it is one: `{ ok: true }`. */
export const okBody: Decoder<{ ok: true }> = (body) =>
  typeof body === "object" && body !== null && (body as { ok?: unknown }).ok === true ? { ok: true } : null;

// The shapes the contracts share with the wire.
export const latLng = object({ lat: num(), lng: num() });
export const bounds = object({ north: num(), south: num(), east: num(), west: num() });
export const mapSettings = object({ center: latLng, zoom: num(), bounds });
export const targetSetting = object({ max: num(), points: num(), color: str() });
export const targetSettings = list(targetSetting);
export const nullableLatLng = nullable(latLng);

// The shapes above are the protocol's own types, field for field (checked by the type-check alone).
const _shapesAreTheProtocols = [
  decoderOf<LatLng>()(latLng),
  decoderOf<Bounds>()(bounds),
  decoderOf<MapSettings>()(mapSettings),
  decoderOf<TargetSetting>()(targetSetting),
];
void _shapesAreTheProtocols;
