# One image definition for the four remotes: REMOTE names the package (mf-basket, mf-account, mf-payment or
# mf-post-sale). The image holds the remote's production build and scripts/serve-static.mjs bundled with its two
# dependencies into one file (scripts/bundle-static-server.mjs), so the runtime stage has no node_modules at all. Every
# remote listens on 8080 inside its container; the proxy (deploy/proxy/) routes /remotes/<package>/ to it.
# Build from the repository root:
#   docker build -f deploy/remote.Dockerfile --build-arg REMOTE=mf-basket -t checkout/mf-basket .
ARG NODE_IMAGE=node:20-bookworm-slim
ARG RUNTIME_IMAGE=node:20-alpine

FROM ${NODE_IMAGE} AS build
ARG REMOTE
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json tsconfig.base.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mf-basket/package.json mf-basket/
COPY mf-account/package.json mf-account/
COPY mf-payment/package.json mf-payment/
COPY mf-post-sale/package.json mf-post-sale/
COPY api/package.json api/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN test -n "${REMOTE}" || { echo 'build with --build-arg REMOTE=<mf-basket|mf-account|mf-payment|mf-post-sale>' >&2; exit 1; }
RUN npm ci --no-audit --no-fund
COPY tooling tooling
COPY shared shared
COPY scripts/serve-static.mjs scripts/bundle-static-server.mjs scripts/
COPY ${REMOTE} ${REMOTE}
RUN npm run build -w ${REMOTE} && node scripts/bundle-static-server.mjs /app/static-server/serve-static.mjs

FROM ${RUNTIME_IMAGE} AS runtime
ARG REMOTE
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/static-server/serve-static.mjs scripts/
COPY --from=build /app/${REMOTE}/dist ${REMOTE}/dist
USER node
WORKDIR /app/${REMOTE}
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "../scripts/serve-static.mjs", "dist", "8080"]
