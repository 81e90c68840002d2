import { chakra, Flex } from '@chakra-ui/react';

/** A person's skills as plain chips, in the order they wrote them; nothing when there are none. */
export function SkillChips({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return null;
  return (
    <Flex wrap="wrap" as="ul" gap="2" listStyleType="none" aria-label="Skills">
      {skills.map((skill) => (
        <chakra.li key={skill} px="3" py="1" borderRadius="full" bg="bg.muted" fontSize="sm">
          {skill}
        </chakra.li>
      ))}
    </Flex>
  );
}
