// A stored login seeded through the production storage API, with a token the fake DingTalk accepts.
import type { FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { PROFILE } from '../fixtures/dingtalk/server.js';
import { saveCredential } from '../../src/backend/auth/credential.js';

export function seedLogin(env: Record<string, string>, fake: FakeDingTalk, token = `at-seed-${Math.random().toString(36).slice(2)}`): string {
  fake.validTokens.add(token);
  saveCredential(env, {
    access_token: token, refresh_token: `rt-unused-${token}`, expires_at: Date.now() + 3600_000, refresh_expires_at: Date.now() + 86400_000,
    corp_id: PROFILE.corpId, user_id: PROFILE.userId, corp_name: PROFILE.corpName, user_name: PROFILE.userName, client_id: 'fake-cli-client', source: 'mcp', region: 'cn',
  }, true);
  return token;
}
