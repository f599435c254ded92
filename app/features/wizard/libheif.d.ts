// libheif-js ships its ES module without types of its own.
declare module "libheif-js/libheif-wasm/libheif-bundle.mjs" {
  const init: (options?: object) => unknown;
  export default init;
}
