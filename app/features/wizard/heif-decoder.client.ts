/**
 * HEIC/HEIF photos (the iPhone's default) decoded in the browser, which cannot show them itself
 * (Safari aside). libheif compiled to WebAssembly, its binary inside the module, so it works
 * offline; about 700 kB gzipped, so it is imported only when a HEIC file is picked: the module
 * that imports it is itself loaded only by the wizard, and never by a player's phone. `.client`
 * keeps it out of the Worker's bundle: the server never decodes a photo.
 */
type HeifImage = {
  get_width(): number;
  get_height(): number;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
  free?(): void;
};
type Libheif = { HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] } };

let library: Promise<Libheif> | null = null;

function load(): Promise<Libheif> {
  library ??= import("libheif-js/libheif-wasm/libheif-bundle.mjs").then((m) => (m.default as () => Libheif)());
  // A failed load (a network cut while the chunk downloads) is tried again on the next photo.
  library.catch(() => {
    library = null;
  });
  return library;
}

/** The primary picture of a HEIF file, upright (libheif applies its rotation and mirroring). */
export async function decodeHeif(bytes: Uint8Array): Promise<ImageData> {
  const lib = await load();
  const images = new lib.HeifDecoder().decode(bytes);
  const image = images[0];
  if (!image) throw new Error("no image in this HEIF file");
  try {
    const target = new ImageData(image.get_width(), image.get_height());
    return await new Promise<ImageData>((resolve, reject) =>
      image.display(target, (result) => (result ? resolve(result) : reject(new Error("HEIF decoding failed")))),
    );
  } finally {
    for (const i of images) i.free?.();
  }
}
