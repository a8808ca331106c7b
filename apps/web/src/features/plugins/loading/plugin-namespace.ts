/** The i18next namespace of a plugin's texts, so its keys never collide with the app's. */
export const pluginNamespace = (pluginName: string) => `plugin-${pluginName}`;
