// Provided by the React Router Vite plugin at build time.
declare module "virtual:react-router/server-build";
