/** The web's `@/` import alias (web/tsconfig.json's paths), in the shape dependency-cruiser reads resolve options in. */
module.exports = { resolve: { alias: { '@': `${__dirname}/web/src` } } };
