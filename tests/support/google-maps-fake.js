/*
 * A stand-in for Google's Maps JavaScript API, served by the e2e tests in place of
 * https://maps.googleapis.com/maps/api/js (tests/support/google-maps.ts). It implements what the
 * app and @vis.gl/react-google-maps call, nothing more: the bootstrap callback and importLibrary
 * ("core", "maps", and the "geometry" library the Polyline component asks for), Map, LatLng,
 * LatLngBounds, MVCArray, Point, Size, Settings, event listeners, Circle, Polyline, Rectangle and
 * OverlayView (the app's markers). Anything else is undefined, so a new call in the app fails
 * loudly here instead of passing unseen.
 *
 * It records what a test asserts: every Map built and its options, every setOptions, the
 * script's own URL parameters; and lets a test act as a player would: a click at a lat/lng,
 * a zoom. It draws a plain picture (a tinted box, a tile grid, shapes in SVG, the controls the
 * options leave on) so that screenshots show what the map carries.
 *
 * Web Mercator with 256-pixel tiles, like Google; no camera clamping to `restriction`, no
 * tiles, no animation, no gestures but the click.
 *
 * Configuration comes from window.__mapsFakeConfig, set by the test before this file:
 * { authFailure: boolean } (call window.gm_authFailure after the first map, as Google does
 * with a refused key).
 */
(function () {
  "use strict";
  const config = window.__mapsFakeConfig || {};
  const TILE = 256;
  const SVG_NS = "http://www.w3.org/2000/svg";

  const script = document.currentScript;
  const loadParams = script ? Object.fromEntries(new URL(script.src).searchParams) : {};

  const fake = (window.__mapsFake = window.__mapsFake || { loads: 0, mapsBuilt: 0, maps: [], shapes: [], calls: [] });
  fake.loads += 1;
  fake.loadParams = loadParams;
  fake.scriptAsync = script ? script.async : null;

  /**
   * Options as plain data for the test. The library hands the constructor every prop of its
   * <Map>, React children included: those, functions and cycles are left out.
   */
  function clone(value) {
    const seen = new WeakSet();
    const json = JSON.stringify(value, function (key, x) {
      if (key === "children" || typeof x === "function") return undefined;
      if (x && typeof x === "object") {
        if (x.$$typeof || x instanceof Node) return undefined;
        if (typeof x.toJSON === "function" && !(x instanceof Date)) return x.toJSON();
        if (seen.has(x)) return undefined;
        seen.add(x);
      }
      return x;
    });
    return json === undefined ? undefined : JSON.parse(json);
  }
  let nextId = 1;

  // ----------------------------------------------------------------------------------- events
  const registry = new WeakMap();
  function listenersOf(target, name) {
    let byName = registry.get(target);
    if (!byName) registry.set(target, (byName = new Map()));
    if (!byName.has(name)) byName.set(name, new Set());
    return byName.get(name);
  }
  const event = {
    addListener(target, name, fn) {
      const set = listenersOf(target, name);
      const entry = { fn };
      set.add(entry);
      return { remove: () => set.delete(entry) };
    },
    addListenerOnce(target, name, fn) {
      const l = event.addListener(target, name, (...args) => {
        l.remove();
        fn(...args);
      });
      return l;
    },
    removeListener(listener) {
      listener && listener.remove();
    },
    clearInstanceListeners(target) {
      registry.delete(target);
    },
    trigger(target, name, ...args) {
      const byName = registry.get(target);
      if (!byName || !byName.has(name)) return;
      for (const entry of [...byName.get(name)]) entry.fn.apply(target, args);
    },
  };

  class MVCObject {
    addListener(name, fn) {
      return event.addListener(this, name, fn);
    }
  }

  class MVCArray extends MVCObject {
    constructor(items) {
      super();
      this.items = [...(items || [])];
    }
    getArray() {
      return this.items;
    }
    getLength() {
      return this.items.length;
    }
    getAt(i) {
      return this.items[i];
    }
    forEach(fn) {
      this.items.forEach(fn);
    }
  }

  // ------------------------------------------------------------------------------ geometry
  class LatLng {
    constructor(a, b) {
      const lit = typeof a === "object" && a !== null ? a : { lat: a, lng: b };
      const lat = typeof lit.lat === "function" ? lit.lat() : lit.lat;
      const lng = typeof lit.lng === "function" ? lit.lng() : lit.lng;
      this._lat = Math.max(-90, Math.min(90, Number(lat)));
      this._lng = Number(lng);
    }
    lat() {
      return this._lat;
    }
    lng() {
      return this._lng;
    }
    toJSON() {
      return { lat: this._lat, lng: this._lng };
    }
    equals(o) {
      return !!o && o.lat() === this._lat && o.lng() === this._lng;
    }
    toString() {
      return `(${this._lat}, ${this._lng})`;
    }
  }
  const toLatLng = (v) => (v instanceof LatLng ? v : new LatLng(v));

  class LatLngBounds {
    constructor(sw, ne) {
      if (sw && typeof sw === "object" && "north" in sw) {
        this.sw = new LatLng(sw.south, sw.west);
        this.ne = new LatLng(sw.north, sw.east);
      } else {
        this.sw = sw ? toLatLng(sw) : null;
        this.ne = ne ? toLatLng(ne) : this.sw;
      }
    }
    getSouthWest() {
      return this.sw;
    }
    getNorthEast() {
      return this.ne;
    }
    getCenter() {
      return new LatLng((this.sw.lat() + this.ne.lat()) / 2, (this.sw.lng() + this.ne.lng()) / 2);
    }
    isEmpty() {
      return !this.sw;
    }
    contains(p) {
      const ll = toLatLng(p);
      return ll.lat() >= this.sw.lat() && ll.lat() <= this.ne.lat() && ll.lng() >= this.sw.lng() && ll.lng() <= this.ne.lng();
    }
    extend(p) {
      const ll = toLatLng(p);
      if (!this.sw) {
        this.sw = this.ne = ll;
        return this;
      }
      this.sw = new LatLng(Math.min(this.sw.lat(), ll.lat()), Math.min(this.sw.lng(), ll.lng()));
      this.ne = new LatLng(Math.max(this.ne.lat(), ll.lat()), Math.max(this.ne.lng(), ll.lng()));
      return this;
    }
    toJSON() {
      return { north: this.ne.lat(), south: this.sw.lat(), east: this.ne.lng(), west: this.sw.lng() };
    }
  }
  const toBounds = (v) => (v instanceof LatLngBounds ? v : new LatLngBounds(v));

  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
  }
  class Size {
    constructor(width, height) {
      this.width = width;
      this.height = height;
    }
  }

  /** World pixel at zoom 0 (Web Mercator, 256-pixel tiles). */
  function world(ll) {
    const siny = Math.min(Math.max(Math.sin((ll.lat() * Math.PI) / 180), -0.9999), 0.9999);
    return { x: TILE * (0.5 + ll.lng() / 360), y: TILE * (0.5 - Math.log((1 + siny) / (1 - siny)) / (4 * Math.PI)) };
  }
  function unworld(x, y) {
    const lng = (x / TILE - 0.5) * 360;
    const n = Math.PI - (2 * Math.PI * y) / TILE;
    const lat = (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
    return new LatLng(lat, lng);
  }

  // ------------------------------------------------------------------------------------ map
  const CONTROL_DEFAULTS = { zoomControl: true, mapTypeControl: true, fullscreenControl: true, streetViewControl: true };

  class FakeMap extends MVCObject {
    constructor(div, options) {
      super();
      this.id = nextId++;
      this.div = div;
      this.options = {};
      this.center = new LatLng(0, 0);
      this.zoom = 0;
      this.overlayViews = new Set();
      fake.mapsBuilt += 1;
      this.record = { id: this.id, constructorOptions: clone(options || {}), setOptions: [] };
      fake.maps.push(this);
      this.build();
      this.applyOptions(options || {});
      if (config.authFailure && fake.mapsBuilt === 1) {
        // Google checks the key once the first map exists, then calls the page's hook.
        setTimeout(() => typeof window.gm_authFailure === "function" && window.gm_authFailure(), 50);
      }
    }

    build() {
      const root = document.createElement("div");
      root.className = "fake-gmap";
      root.setAttribute("data-fake-map", String(this.id));
      root.style.cssText =
        "position:absolute;inset:0;overflow:hidden;font:12px sans-serif;cursor:crosshair;" +
        "background:linear-gradient(135deg,#1d3b2a,#2f4f3a 40%,#3b4e5c 70%,#23303f);";
      this.tiles = document.createElementNS(SVG_NS, "svg");
      this.tiles.setAttribute("style", "position:absolute;inset:0;width:100%;height:100%;pointer-events:none");
      this.shapesLayer = document.createElementNS(SVG_NS, "svg");
      this.shapesLayer.setAttribute("style", "position:absolute;inset:0;width:100%;height:100%;pointer-events:none");
      this.panes = {};
      for (const name of ["mapPane", "overlayLayer", "markerLayer", "overlayMouseTarget", "floatPane"]) {
        const pane = document.createElement("div");
        pane.setAttribute("data-pane", name);
        pane.style.cssText = "position:absolute;left:0;top:0;width:0;height:0;pointer-events:none";
        this.panes[name] = pane;
      }
      this.badge = document.createElement("div");
      this.badge.style.cssText =
        "position:absolute;left:8px;bottom:8px;padding:2px 6px;border-radius:4px;background:rgba(0,0,0,.6);color:#fff;pointer-events:none";
      this.controls = document.createElement("div");
      this.controls.style.cssText = "position:absolute;inset:0;pointer-events:none";
      root.append(this.tiles, this.shapesLayer, ...Object.values(this.panes), this.badge, this.controls);
      root.addEventListener("click", (e) => {
        const rect = root.getBoundingClientRect();
        this.clickAtPixel(e.clientX - rect.left, e.clientY - rect.top, e);
      });
      this.root = root;
      this.div.appendChild(root);
      if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => this.render()).observe(this.div);
    }

    size() {
      const w = this.div.clientWidth || 0;
      const h = this.div.clientHeight || 0;
      return { w: w || TILE, h: h || TILE };
    }

    // -- options and camera
    setOptions(options) {
      this.record.setOptions.push(clone(options || {}));
      this.applyOptions(options || {});
    }
    applyOptions(options) {
      const { center, zoom, ...rest } = options;
      Object.assign(this.options, rest);
      if (center !== undefined || zoom !== undefined) this.moveCamera({ center, zoom });
      else this.render();
    }
    get(key) {
      return this.options[key];
    }
    moveCamera({ center, zoom }) {
      const oldZoom = this.zoom;
      const oldCenter = this.center;
      if (center) this.center = toLatLng(center);
      if (zoom !== undefined && zoom !== null) this.zoom = zoom;
      this.cameraChanged(oldCenter, oldZoom);
    }
    cameraChanged(oldCenter, oldZoom) {
      this.render();
      if (!this.center.equals(oldCenter)) event.trigger(this, "center_changed");
      if (this.zoom !== oldZoom) event.trigger(this, "zoom_changed");
      event.trigger(this, "bounds_changed");
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => event.trigger(this, "idle"), 0);
    }
    setCenter(c) {
      this.moveCamera({ center: c });
    }
    panTo(c) {
      this.moveCamera({ center: c });
    }
    setZoom(z) {
      this.moveCamera({ zoom: z });
    }
    getCenter() {
      return this.center;
    }
    getZoom() {
      return this.zoom;
    }
    getHeading() {
      return 0;
    }
    getTilt() {
      return 0;
    }
    getDiv() {
      return this.div;
    }
    getMapTypeId() {
      return this.options.mapTypeId;
    }
    fitBounds(b, padding) {
      const bounds = toBounds(b);
      const pad = typeof padding === "number" ? padding : 0;
      const { w, h } = this.size();
      const sw = world(bounds.getSouthWest());
      const ne = world(bounds.getNorthEast());
      const dx = Math.max(Math.abs(ne.x - sw.x), 1e-9);
      const dy = Math.max(Math.abs(sw.y - ne.y), 1e-9);
      const zoom = Math.max(0, Math.floor(Math.log2(Math.min((w - 2 * pad) / dx, (h - 2 * pad) / dy))));
      this.moveCamera({ center: unworld((sw.x + ne.x) / 2, (sw.y + ne.y) / 2), zoom });
    }
    getBounds() {
      const { w, h } = this.size();
      const scale = 2 ** this.zoom;
      const c = world(this.center);
      const sw = unworld(c.x - w / 2 / scale, c.y + h / 2 / scale);
      const ne = unworld(c.x + w / 2 / scale, c.y - h / 2 / scale);
      return new LatLngBounds(sw, ne);
    }

    // -- projection: pixels of the map's box
    toPixel(p) {
      const ll = toLatLng(p);
      const { w, h } = this.size();
      const scale = 2 ** this.zoom;
      const a = world(ll);
      const c = world(this.center);
      return new Point((a.x - c.x) * scale + w / 2, (a.y - c.y) * scale + h / 2);
    }
    fromPixel(x, y) {
      const { w, h } = this.size();
      const scale = 2 ** this.zoom;
      const c = world(this.center);
      return unworld(c.x + (x - w / 2) / scale, c.y + (y - h / 2) / scale);
    }
    metresToPixels(metres, lat) {
      return metres / ((156543.03392 * Math.cos((lat * Math.PI) / 180)) / 2 ** this.zoom);
    }

    // -- what a player does
    clickAtPixel(x, y, domEvent) {
      const latLng = this.fromPixel(x, y);
      event.trigger(this, "click", { latLng, domEvent: domEvent || null, pixel: new Point(x, y), stop() {} });
    }
    clickAt(lat, lng) {
      event.trigger(this, "click", { latLng: new LatLng(lat, lng), domEvent: null, pixel: this.toPixel({ lat, lng }), stop() {} });
    }

    // -- the picture
    render() {
      if (!this.root) return;
      const { w, h } = this.size();
      const scale = 2 ** this.zoom;
      const c = world(this.center);
      const left = c.x * scale - w / 2;
      const top = c.y * scale - h / 2;
      let grid = "";
      for (let x = Math.ceil(left / TILE) * TILE; x < left + w; x += TILE) grid += `<line x1="${x - left}" x2="${x - left}" y1="0" y2="${h}"/>`;
      for (let y = Math.ceil(top / TILE) * TILE; y < top + h; y += TILE) grid += `<line y1="${y - top}" y2="${y - top}" x1="0" x2="${w}"/>`;
      this.tiles.innerHTML = `<g stroke="rgba(255,255,255,.12)" stroke-width="1">${grid}</g>`;

      this.shapesLayer.innerHTML = "";
      for (const shape of fake.shapes) if (shape.map === this && shape.visible()) this.shapesLayer.appendChild(shape.svg(this));

      const o = this.options;
      const styles = o.mapId ? `Map ID ${o.mapId}` : Array.isArray(o.styles) ? `styles JSON (${o.styles.length})` : "sans style";
      this.badge.textContent = `Google Maps simulé · ${o.mapTypeId || "roadmap"} · zoom ${this.zoom} · ${styles}`;
      this.renderControls();
      for (const view of this.overlayViews) view.draw();
    }
    renderControls() {
      const on = (name) => (name in this.options ? this.options[name] !== false : CONTROL_DEFAULTS[name]);
      const box = (css, text, label) =>
        `<div data-control="${label}" style="position:absolute;${css};background:#fff;color:#333;border-radius:2px;padding:6px 8px;box-shadow:0 1px 4px rgba(0,0,0,.3)">${text}</div>`;
      let html = "";
      if (on("mapTypeControl")) html += box("left:10px;top:10px", "Plan | Satellite", "mapType");
      if (on("fullscreenControl")) html += box("right:10px;top:10px", "⛶", "fullscreen");
      if (on("streetViewControl")) html += box("right:10px;bottom:110px", "🧍", "streetView");
      if (on("zoomControl")) html += box("right:10px;bottom:30px", "+<br>−", "zoom");
      this.controls.innerHTML = html;
    }
  }

  // --------------------------------------------------------------------------------- shapes
  class Shape extends MVCObject {
    constructor(kind, options) {
      super();
      this.kind = kind;
      this.id = nextId++;
      this.options = {};
      this.map = null;
      this.calls = [];
      fake.shapes.push(this);
      this.assign(options || {});
    }
    assign(options) {
      const { map, ...rest } = options;
      Object.assign(this.options, rest);
      this.take(rest);
      if (map !== undefined) this.setMap(map);
      else this.redraw();
    }
    take() {}
    setOptions(options) {
      this.calls.push({ method: "setOptions", options: clone(options || {}) });
      this.assign(options || {});
    }
    setMap(map) {
      const old = this.map;
      this.map = map || null;
      if (old && old !== this.map) old.render();
      this.redraw();
    }
    getMap() {
      return this.map;
    }
    visible() {
      return this.options.visible !== false;
    }
    redraw() {
      if (this.map) this.map.render();
    }
    stroke(el) {
      el.setAttribute("stroke", this.options.strokeColor || "#000");
      el.setAttribute("stroke-width", String(this.options.strokeWeight ?? 3));
      el.setAttribute("stroke-opacity", String(this.options.strokeOpacity ?? 1));
      el.setAttribute("data-shape", this.kind);
      return el;
    }
    fill(el) {
      el.setAttribute("fill", this.options.fillColor || "none");
      el.setAttribute("fill-opacity", String(this.options.fillOpacity ?? 0.3));
      return el;
    }
    state() {
      return { kind: this.kind, id: this.id, mapId: this.map ? this.map.id : null, options: clone(this.options), ...this.geometry() };
    }
  }

  class Circle extends Shape {
    constructor(options) {
      super("Circle", options);
    }
    take(o) {
      if (o.center) this.center = toLatLng(o.center);
      if (o.radius !== undefined) this.radius = o.radius;
    }
    getCenter() {
      return this.center;
    }
    setCenter(c) {
      this.center = toLatLng(c);
      this.redraw();
    }
    getRadius() {
      return this.radius;
    }
    setRadius(r) {
      this.radius = r;
      this.redraw();
    }
    geometry() {
      return { center: this.center ? this.center.toJSON() : null, radius: this.radius };
    }
    svg(map) {
      const p = map.toPixel(this.center);
      const el = document.createElementNS(SVG_NS, "circle");
      el.setAttribute("cx", String(p.x));
      el.setAttribute("cy", String(p.y));
      el.setAttribute("r", String(map.metresToPixels(this.radius || 0, this.center.lat())));
      return this.fill(this.stroke(el));
    }
  }

  class Polyline extends Shape {
    constructor(options) {
      super("Polyline", options);
    }
    take(o) {
      if (o.path) this.path = new MVCArray(o.path.map(toLatLng));
    }
    getPath() {
      return this.path || (this.path = new MVCArray());
    }
    setPath(path) {
      this.path = new MVCArray((path.getArray ? path.getArray() : path).map(toLatLng));
      this.redraw();
    }
    geometry() {
      return { path: this.getPath().getArray().map((p) => p.toJSON()) };
    }
    svg(map) {
      const el = document.createElementNS(SVG_NS, "polyline");
      el.setAttribute("points", this.getPath().getArray().map((ll) => { const p = map.toPixel(ll); return `${p.x},${p.y}`; }).join(" "));
      el.setAttribute("fill", "none");
      return this.stroke(el);
    }
  }

  class Rectangle extends Shape {
    constructor(options) {
      super("Rectangle", options);
    }
    take(o) {
      if (o.bounds) this.bounds = toBounds(o.bounds);
    }
    getBounds() {
      return this.bounds;
    }
    setBounds(b) {
      this.bounds = toBounds(b);
      this.redraw();
    }
    geometry() {
      return { bounds: this.bounds ? this.bounds.toJSON() : null };
    }
    svg(map) {
      const a = map.toPixel(this.bounds.getNorthEast());
      const b = map.toPixel(this.bounds.getSouthWest());
      const el = document.createElementNS(SVG_NS, "rect");
      el.setAttribute("x", String(Math.min(a.x, b.x)));
      el.setAttribute("y", String(Math.min(a.y, b.y)));
      el.setAttribute("width", String(Math.abs(a.x - b.x)));
      el.setAttribute("height", String(Math.abs(a.y - b.y)));
      return this.fill(this.stroke(el));
    }
  }

  /** Subclassed by the app: Google calls onAdd once the panes exist, then draw at every change. */
  class OverlayView extends MVCObject {
    setMap(map) {
      if (this.__map === map) return;
      const old = this.__map;
      if (old) {
        old.overlayViews.delete(this);
        this.__map = null;
        this.onRemove && this.onRemove();
      }
      if (!map) return;
      this.__map = map;
      queueMicrotask(() => {
        if (this.__map !== map) return;
        map.overlayViews.add(this);
        this.onAdd && this.onAdd();
        this.draw && this.draw();
      });
    }
    getMap() {
      return this.__map || null;
    }
    getPanes() {
      return this.__map && this.__map.overlayViews.has(this) ? this.__map.panes : null;
    }
    getProjection() {
      const map = this.__map;
      if (!map || !map.overlayViews.has(this)) return null;
      return {
        fromLatLngToDivPixel: (ll) => (ll ? map.toPixel(ll) : null),
        fromDivPixelToLatLng: (p) => (p ? map.fromPixel(p.x, p.y) : null),
        getWorldWidth: () => TILE * 2 ** map.zoom,
      };
    }
  }

  // ------------------------------------------------------------------------------ test hooks
  /** The map a player sees: the last one built whose box is on the page. */
  function shownMap() {
    for (let i = fake.maps.length - 1; i >= 0; i--) if (fake.maps[i].div.isConnected) return fake.maps[i];
    return null;
  }
  fake.click = (lat, lng) => {
    const map = shownMap();
    if (!map) return false;
    map.clickAt(lat, lng);
    return true;
  };
  fake.zoomTo = (zoom) => {
    const map = shownMap();
    if (!map) return false;
    map.setZoom(zoom);
    return true;
  };
  fake.state = () => {
    const map = shownMap();
    return {
      loads: fake.loads,
      mapsBuilt: fake.mapsBuilt,
      loadParams: fake.loadParams,
      scriptAsync: fake.scriptAsync,
      maps: fake.maps.map((m) => ({
        id: m.id,
        shown: m === map,
        constructorOptions: m.record.constructorOptions,
        setOptions: m.record.setOptions,
        options: clone(m.options),
        center: m.center.toJSON(),
        zoom: m.zoom,
        overlayViews: m.overlayViews.size,
      })),
      shapes: fake.shapes.filter((s) => s.map).map((s) => s.state()),
    };
  };

  /** The library reads it once loaded (for App Check, which the app does not use). */
  class Settings {
    static getInstance() {
      return (Settings.instance ??= new Settings());
    }
  }

  // ----------------------------------------------------------------------------- the namespace
  const core = { LatLng, LatLngBounds, MVCArray, MVCObject, Point, Settings, Size, event };
  const maps = { Map: FakeMap, Circle, Polyline, Rectangle, OverlayView };
  const libraries = { core, maps, geometry: {} };

  const google = (window.google = window.google || {});
  const ns = (google.maps = google.maps || {});
  Object.assign(ns, core, maps);
  ns.importLibrary = (name) =>
    name in libraries
      ? Promise.resolve(libraries[name])
      : Promise.reject(new Error(`google.maps simulé : la bibliothèque « ${name} » n'existe pas dans le faux`));

  // The bootstrap loader named its resolver in `callback` (google.maps.__ib__).
  const callback = loadParams.callback;
  if (callback) {
    const fn = callback.split(".").reduce((o, k) => (o ? o[k] : undefined), window);
    if (typeof fn === "function") fn();
  }
})();
