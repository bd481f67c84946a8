# Gamenight server image: uvicorn on port 8000, migrations applied at start, non-root.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /srv/gamenight

# Dependencies first, so code changes do not reinstall them.
COPY pyproject.toml ./
RUN mkdir app && touch app/__init__.py && pip install -e . && rm -r app

# The app runs from this folder (templates, static and migrations are found beside app/).
COPY alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
COPY docs/rules ./docs/rules
# The compiled catalogues (.mo files are not committed), fuzzy entries left out.
RUN pybabel -q compile -d app/locale -D messages
RUN useradd --system --uid 10001 --home /srv/gamenight gamenight \
  && mkdir -p data && chown gamenight data

USER gamenight
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz').status != 200)"
CMD ["sh", "-c", "python -m app.db.migrate && exec uvicorn app.main:create_app --factory --host 0.0.0.0 --port 8000 --proxy-headers --forwarded-allow-ips='*' --ws websockets-sansio --ws-max-size 65536 --ws-per-message-deflate ${GAMENIGHT_WS_DEFLATE:-false}"]
