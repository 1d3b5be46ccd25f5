# syntax=docker/dockerfile:1
# The admin console as a container: built on Node, served by nginx with deploy/'s configuration.
#
#   docker build -t admin-console .
#   docker run --rm -p 8080:8080 -e API_BASE_URL=https://api.example.com admin-console
#
# Settings are environment variables read at container start (docs/configuration.md, "Environment
# variables"): API_BASE_URL (or APIS, several APIs), REQUEST_TIMEOUT_MS, IMAGE_ORIGINS. One image
# serves any API, or the demo when API_BASE_URL is not set.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# npm install, not npm ci (README, "Two commands"); no install scripts, as in development.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --ignore-scripts
COPY . .
# The manifest and chunk map in dist/.vite feed the byte budgets; they are not deployed.
RUN npm run build && rm -rf dist/.vite

FROM nginx:1.28
# The image's entrypoint fills /etc/nginx/templates/*.template into /etc/nginx/conf.d/. The filter
# keeps it to the console's own names, so nginx's variables ($uri) stay as they are.
ENV NGINX_ENVSUBST_FILTER=^CONSOLE_ \
    CONSOLE_LISTEN=8080 \
    CONSOLE_ROOT=/usr/share/nginx/html \
    CONSOLE_CONF_DIR=/etc/nginx/conf.d
RUN rm -rf /etc/nginx/conf.d/default.conf /usr/share/nginx/html/*
COPY deploy/templates/ /etc/nginx/templates/
# Sourced by the entrypoint before the templates are filled in, in this order: the rules values
# are read by, then the hook that writes config.json and exports the Content-Security-Policy's
# inputs.
COPY --chmod=755 deploy/17-admin-console-lib.envsh deploy/18-admin-console.envsh /docker-entrypoint.d/
COPY --from=build /app/dist/ /usr/share/nginx/html/
EXPOSE 8080
