/** Toolbar buttons: an icon and a label (the label hides in narrow windows; the title stays). */
import { h } from "../dom.js";
import { type MessageKey, t } from "../i18n.js";
import { type IconName, icon } from "./icons.js";

/** A toolbar button of class `className` showing icon `name` and the translated `label`. */
export function toolButton(
  className: string,
  name: IconName,
  label: MessageKey,
  onclick: () => void,
): HTMLButtonElement {
  return h(
    "button",
    { className: `${className} tool`, title: t(label), ariaLabel: t(label), onclick },
    icon(name),
    h("span", { className: "label" }, t(label)),
  );
}
