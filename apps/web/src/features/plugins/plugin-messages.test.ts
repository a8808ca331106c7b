import { PluginMessages } from '@toolpass/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../../public/locales/de/plugins.json';
import { pluginErrorDetail } from './plugin-messages.ts';

const t = i18next.t.bind(i18next);

describe('pluginErrorDetail', () => {
  it("words the server's plugin messages from the translations", () => {
    expect(pluginErrorDetail(t, new Error(PluginMessages.noManifest))).toBe(
      'The package has no manifest.json at its root.',
    );
  });

  it('carries the values of a filled-in message into the translation', () => {
    const message = PluginMessages.incompatible('>=2.0.0', '0.1.0');
    expect(pluginErrorDetail(t, new Error(message))).toBe(
      'The plugin needs Toolpass >=2.0.0; this server runs 0.1.0.',
    );
    const unsafe = PluginMessages.unsafeEntry('../evil.js');
    expect(pluginErrorDetail(t, new Error(unsafe))).toBe(
      'The package holds an entry that is not a plain file or folder inside it: ../evil.js',
    );
  });

  it('passes an unknown message on as the server sent it', () => {
    expect(pluginErrorDetail(t, new Error('Something else broke'))).toBe('Something else broke');
  });

  it('has a German text for every plugin message of the contract', () => {
    expect(Object.keys(de.plugins.serverMessages).sort()).toEqual(Object.keys(PluginMessages).sort());
  });
});
