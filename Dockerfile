# Two images from one file; docker-compose.yml picks the target and the command.
#   slim     sweeper alone: the analyzer service and the coordinator (no display needed)
#   desktop  slim plus the virtual desktop (Xvfb, Chromium, xdemineur, Wine): the effector
FROM python:3.11-slim-bookworm AS slim

ENV DEBIAN_FRONTEND=noninteractive \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1

# Tesseract reads the mine count a game writes as text (the player needs it).
RUN apt-get update \
    && apt-get install -y --no-install-recommends tesseract-ocr \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home sweeper
WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY analyzer ./analyzer
COPY coordinator ./coordinator
COPY core ./core
COPY effector ./effector
COPY practice ./practice
COPY recognizer ./recognizer
COPY serving ./serving
COPY templates ./templates
COPY sweeper ./sweeper
# /recordings belongs to the container's user, so a named volume mounted there (which
# starts as a copy of this folder, owner included) is writable by it.
RUN pip install . && mkdir /recordings && chown sweeper:sweeper /recordings

USER sweeper


FROM slim AS desktop

USER root
# The virtual desktop: Xvfb, Debian's Chromium, xdemineur, Wine (winemine), xdotool (with
# the slim image's tesseract-ocr, the same list as ./run).
RUN apt-get update \
    && apt-get install -y --no-install-recommends xvfb chromium xdemineur wine xdotool x11-utils \
    && rm -rf /var/lib/apt/lists/*

USER sweeper
ENV PATH="/usr/games:${PATH}"
