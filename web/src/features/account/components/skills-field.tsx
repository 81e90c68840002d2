import { Flex, Button, Fieldset, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PlusIcon, XIcon } from 'lucide-react';
import { normaliseSkills } from '@solutionz/shared';

export interface SkillsFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** Skills (docs/product/account-settings.md#profile-fields): added with the button or Enter, trimmed, never twice, never blank; each chip removable. */
export function SkillsField({ value, onChange, error }: SkillsFieldProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const next = normaliseSkills([...value, draft]);
    if (next.length > value.length) onChange(next);
    setDraft('');
  };
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Skills</Fieldset.Legend>
      <HStack gap="2">
        <Input
          aria-label="New skill"
          placeholder="e.g. Boiler servicing"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <Button variant="outline" onClick={add} disabled={!draft.trim()}>
          <PlusIcon aria-hidden="true" />
          Add skill
        </Button>
      </HStack>
      {value.length > 0 ? (
        <Flex wrap="wrap" as="ul" gap="2" listStyleType="none" aria-label="Your skills">
          {value.map((skill) => (
            <HStack as="li" key={skill} gap="1" ps="3" pe="1" py="1" borderRadius="full" bg="bg.muted">
              <Text fontSize="sm">{skill}</Text>
              <IconButton
                aria-label={`Remove ${skill}`}
                size="2xs"
                variant="ghost"
                borderRadius="full"
                onClick={() => onChange(value.filter((candidate) => candidate !== skill))}
              >
                <XIcon />
              </IconButton>
            </HStack>
          ))}
        </Flex>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No skills added yet.
        </Text>
      )}
      {error && <Fieldset.ErrorText color="red.700">{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
