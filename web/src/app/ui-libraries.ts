/**
 * A boot step of its own (web/vite.config.ts BOOT_STEPS): importing it evaluates the file of the UI libraries the first
 * page runs besides Chakra (React Router, the icons, Ark and zag), in a task of its own.
 */
export {};
