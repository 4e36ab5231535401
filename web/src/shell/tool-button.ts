/** Toolbar buttons: an icon and a label (the label hides in narrow windows; the title stays). */
import { h } from "../dom.js";
import { type MessageKey, t } from "../i18n.js";
import { type IconName, icon } from "./icons.js";

/**
 * A toolbar button of class `className` showing icon `name` and the translated
 * `label`; with `showLabel` false the icon alone (the label stays its title).
 */
export function toolButton(
  className: string,
  name: IconName,
  label: MessageKey,
  onclick: () => void,
  showLabel = true,
): HTMLButtonElement {
  const text = t(label);
  return h(
    "button",
    {
      className: `${className} ${showLabel ? "tool" : "icon-button"}`,
      title: text,
      ariaLabel: text,
      onclick,
    },
    icon(name),
    showLabel && h("span", { className: "label" }, text),
  );
}
