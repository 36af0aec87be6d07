// What the page's Python (MicroPython, lukfu/web/dom/) cannot do itself, as PyScript's
// js_modules.main "page" (index.html): from pyscript.js_modules import page.
// MicroPython cannot catch a JavaScript exception (one ends the whole Python call, past any
// try), so a call that may throw goes through call/get/make, and a promise that may reject
// through settle: each says [true, value] or [false, "Name: message"] (lukfu/web/dom/guard.py).
const given = (value) => [true, value === undefined ? null : value];
const refused = (error) => [false, `${error && error.name}: ${error && error.message}`];
export function call(target, name, ...args) {
  try { return given(target[name](...args)); } catch (error) { return refused(error); }
}
export function get(target, name) {
  try { return given(target[name]); } catch (error) { return refused(error); }
}
export function make(name) {  // new window[name]() (or its webkit-prefixed one)
  try { return given(new (window[name] || window[`webkit${name}`])()); } catch (error) { return refused(error); }
}
export const settle = (promise) => Promise.resolve(promise).then(given, refused);

// Each call across MicroPython's bridge costs, so a region's new nodes are described in JSON
// (lukfu/web/dom/render/dom.py: tree) and built here in one call: an item is a string (a text
// node) or [tag, {attribute: value}, item...].
function build(item) {
  if (typeof item === "string") return document.createTextNode(item);
  const [tag, attributes, ...inside] = item, node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...inside.map(build));
  return node;
}
export const fill = (parent, items) => parent.replaceChildren(...JSON.parse(items).map(build));
export const append = (parent, items) => parent.append(...JSON.parse(items).map(build));
export const element = (item) => build(JSON.parse(item));

// The noise every sound's burst is cut from (lukfu/web/dom/audio.py), the same every time: in
// MicroPython each step past 31 bits is a big integer (its 12,000 steps held the page 170 ms).
export function noise(samples) {
  for (let i = 0, seed = 12345; i < samples.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;  // (seed * a + c) mod 2^31
    samples[i] = seed / 1073741824 - 1;
  }
}
// The first sound: an <audio> element's first play opens the audio output off the page's thread
// (100 ms here), where new AudioContext() opens it on it (125-340 ms in headless Chromium).
export const wakeAudio = (silence) => settle(Promise.race([new Audio(silence).play(), new Promise((done) => setTimeout(done, 1000))]));
