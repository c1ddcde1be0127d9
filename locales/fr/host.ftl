# Les pages de l'hôte : le formulaire de départ et la console.

## La langue de la soirée : celle du projecteur, des pages imprimées et de la console.
event-language = Langue de la soirée
event-language-label = Langue du projecteur, des impressions et de la console
event-language-hint = (le téléphone de chaque invité lit dans la sienne)
event-language-button = Choisir la langue
event-language-set = La soirée est maintenant en { $language } : le projecteur, les impressions et cette console la suivent.

## La page d'une demande à laquelle on n'a pas pu répondre.
error-not-found = Introuvable
error-forbidden = Pas pour ce lien
error-invalid = Cela ne convient pas
error-not-now = Pas maintenant
error-internal = Quelque chose s'est mal passé
error-status = (Erreur { $status }.)
error-go-back = Revenir en arrière
error-or = ou
error-start-again = recommencer
