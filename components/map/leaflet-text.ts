/**
 * Text for Leaflet (a tooltip, a popup, an icon's label) as a DOM node. Leaflet puts string content
 * in with innerHTML, so a name a user typed would become markup there (issue 33: stored XSS on the
 * maps); a node whose textContent is the name is only ever text. Give Leaflet this, never a string.
 */
export const leafletText = (text: string): HTMLElement => {
  const node = document.createElement("span");
  node.textContent = text;
  return node;
};
