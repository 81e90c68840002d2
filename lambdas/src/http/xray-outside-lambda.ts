/**
 * Imported before the X-Ray SDK that Powertools Tracer loads. In its automatic mode the SDK turns on
 * async hooks for the whole process as it loads (cls-hooked), which makes every promise several times
 * slower. Outside Lambda (the local stack, the tests), where nothing is traced, it is put in manual
 * mode, which leaves them off; in Lambda the Tracer works as documented.
 */
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
