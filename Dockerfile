# touring in a container: built with the `dist` profile, run as a non-root user, its data in the
# volume /data (a SQLite file by default; see compose.yaml for PostgreSQL), checked by
# `touring healthcheck` (the image has no curl). Build and run:
#
#   docker build --build-arg TOURING_COMMIT=$(git rev-parse HEAD) -t touring .
#   docker run -d --name touring -p 127.0.0.1:8080:8080 -v touring-data:/data touring
#
# Settings are environment variables (docker run -e, or compose.yaml): TOURING_*, DATABASE_URL.

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
# The build has no .git (see .dockerignore): the commit `touring --version` names comes from here.
ARG TOURING_COMMIT=
RUN TOURING_COMMIT="$TOURING_COMMIT" cargo build --locked --profile dist \
    && cp target/dist/touring /usr/local/bin/touring

FROM debian:bookworm-slim
RUN useradd --system --user-group --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin touring \
    && mkdir /data && chown touring:touring /data && chmod 750 /data
COPY --from=build /usr/local/bin/touring /usr/local/bin/touring
USER touring
WORKDIR /data
VOLUME /data
ENV TOURING_ADDRESS=0.0.0.0 \
    TOURING_PORT=8080 \
    DATABASE_URL=/data/touring.sqlite
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["touring", "healthcheck"]
CMD ["touring", "serve"]
