# Gamenight server image: uvicorn on port 8000, migrations applied at start.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /srv/gamenight

COPY pyproject.toml ./
COPY app ./app
RUN pip install . && useradd --system --uid 10001 gamenight
COPY alembic.ini ./
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static

USER gamenight
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz').status != 200)"
CMD ["sh", "-c", "python -m app.db.migrate && exec uvicorn app.main:create_app --factory --host 0.0.0.0 --port 8000 --proxy-headers --forwarded-allow-ips='*' --ws-max-size 65536"]
