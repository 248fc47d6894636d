import { useQuery } from '@tanstack/react-query';
import { aiMessages } from '@common/ai-config';
import { SettingsScreen } from '../../components/settings-screen';
import { AiConfigForm } from './ai-config-form';
import { aiConfigQuery } from './api';

/** /app/settings/ai (part 2 §2): the AI provider, model and key. */
export function AiConfigPage() {
  return (
    <SettingsScreen
      title="AI Configuration"
      description="Choose the AI provider and model, and enter its API key."
      query={useQuery(aiConfigQuery())}
      loadingLabel="Loading AI configuration"
      loadFailed={aiMessages.loadFailed}
    >
      {(config) => <AiConfigForm config={config} />}
    </SettingsScreen>
  );
}
